import { Router, type Request, type RequestHandler, type Response } from 'express';
import type {
  DisableLinkResponse,
  LinkServiceClient,
  ListAbuseReportsResponse,
  ListAuditLogResponse,
  ListSuspensionsResponse,
  RestoreAccountResponse,
  RestoreLinkResponse,
  SuspendAccountResponse,
} from '@ferry/contracts/link/v1';
import {
  AdminAccountBody,
  AdminReasonBody,
  type AdminAuditEntry,
  type AdminAuditResponse,
  type AdminReportsResponse,
  type AdminSuspension,
  type AdminSuspensionsResponse,
} from '@ferry/http-contract';
import { adminReasonProblem, isMailAddress } from '@ferry/rules';
import { unary, type CallContext } from '../grpc/call.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { slugValue } from '../routes/request-rules.js';
import type { Admins } from './admins.js';
import { adminLinkView } from './link-view.js';
import { adminOf, requireAdmin } from './require-admin.js';
import { sameOrigin } from '../http/same-origin.js';

export interface AdminRouteDeps {
  link: LinkServiceClient;
  grpcDeadlineMs: number;
  /** The sign-in gate (requireAuth): 401 signed out. */
  authenticate: RequestHandler;
  admins: Admins;
  publicOrigin: string;
}

type AdminHandler = (req: Request, res: Response, ctx: CallContext) => Promise<unknown>;

/** One administrators' route: `/api` + path. Every one passes the same three gates (adminRoutes). */
export interface AdminRoute {
  method: 'get' | 'post';
  path: string;
  handle: AdminHandler;
}

function reasonOf(body: unknown): string {
  const { reason = '' } = parseRequest(AdminReasonBody, bodyObject(body));
  const problem = adminReasonProblem(reason);
  if (problem === 'empty') throw new HttpError(400, 'invalid_argument', 'Please give a reason');
  if (problem === 'too-long') throw new HttpError(400, 'invalid_argument', 'The reason is too long');
  if (problem) throw new HttpError(400, 'invalid_argument', 'The reason must be one line');
  return reason.trim();
}

function accountOf(body: unknown): { email: string; reason: string } {
  const { email = '' } = parseRequest(AdminAccountBody, bodyObject(body));
  if (!isMailAddress(email.trim())) throw new HttpError(400, 'invalid_argument', 'email is not a valid e-mail address');
  return { email: email.trim().toLowerCase(), reason: reasonOf(body) };
}

const suspensionView = (s: {
  email: string;
  reason: string;
  suspendedAt?: Date;
  suspendedBy: string;
}): AdminSuspension => ({
  email: s.email,
  reason: s.reason,
  suspendedAt: (s.suspendedAt ?? new Date(0)).toISOString(),
  suspendedBy: s.suspendedBy,
});

/** Every administrators' route; the test of 403s and cross-origin refusals walks this table. */
export function adminRouteTable(link: LinkServiceClient): readonly AdminRoute[] {
  return [
    {
      method: 'get',
      path: '/admin/reports',
      handle: async (_req, _res, ctx) => {
        const r = await unary<ListAbuseReportsResponse>(
          (md, o, cb) => link.listAbuseReports({ limit: 200 }, md, o, cb),
          ctx,
        );
        return {
          reports: r.reports.map((report) => ({
            id: report.id,
            slug: report.slug,
            reason: report.reason,
            details: report.details,
            replyTo: report.replyTo,
            createdAt: (report.createdAt ?? new Date(0)).toISOString(),
            ...(report.link ? { link: adminLinkView(report.link, report.linkDisabled) } : {}),
            ownerSuspended: report.ownerSuspended,
          })),
        } satisfies AdminReportsResponse;
      },
    },
    {
      method: 'get',
      path: '/admin/suspensions',
      handle: async (_req, _res, ctx) => {
        const r = await unary<ListSuspensionsResponse>((md, o, cb) => link.listSuspensions({}, md, o, cb), ctx);
        return { suspensions: r.suspensions.map(suspensionView) } satisfies AdminSuspensionsResponse;
      },
    },
    {
      method: 'get',
      path: '/admin/audit',
      handle: async (_req, _res, ctx) => {
        const r = await unary<ListAuditLogResponse>((md, o, cb) => link.listAuditLog({ limit: 500 }, md, o, cb), ctx);
        return {
          entries: r.entries.map((e) => ({
            id: e.id,
            actor: e.actor,
            action: e.action as AdminAuditEntry['action'],
            target: e.target,
            reason: e.reason,
            createdAt: (e.createdAt ?? new Date(0)).toISOString(),
          })),
        } satisfies AdminAuditResponse;
      },
    },
    {
      method: 'post',
      path: '/admin/links/:slug/disable',
      handle: async (req, _res, ctx) => {
        const slug = parseRequest(slugValue(), req.params.slug);
        const reason = reasonOf(req.body);
        const r = await unary<DisableLinkResponse>((md, o, cb) => link.disableLink({ slug, reason }, md, o, cb), ctx);
        return { link: adminLinkView(r.link!, true) };
      },
    },
    {
      method: 'post',
      path: '/admin/links/:slug/restore',
      handle: async (req, _res, ctx) => {
        const slug = parseRequest(slugValue(), req.params.slug);
        const reason = reasonOf(req.body);
        const r = await unary<RestoreLinkResponse>((md, o, cb) => link.restoreLink({ slug, reason }, md, o, cb), ctx);
        return { link: adminLinkView(r.link!, false) };
      },
    },
    {
      method: 'post',
      path: '/admin/accounts/suspend',
      handle: async (req, _res, ctx) => {
        const account = accountOf(req.body);
        const r = await unary<SuspendAccountResponse>((md, o, cb) => link.suspendAccount(account, md, o, cb), ctx);
        return { suspension: suspensionView(r.suspension!), linksBlocked: Number(r.linksBlocked) };
      },
    },
    {
      method: 'post',
      path: '/admin/accounts/restore',
      handle: async (req, _res, ctx) => {
        const account = accountOf(req.body);
        const r = await unary<RestoreAccountResponse>((md, o, cb) => link.restoreAccount(account, md, o, cb), ctx);
        return { linksRestored: Number(r.linksRestored) };
      },
    },
  ];
}

/**
 * `/api/admin/*`: the administrators' screen. Each route refuses another site's request (403
 * `cross_origin`), then a signed-out caller (401), then a signed-in one who is not an administrator
 * (403 `not_admin`); backend calls then act for the administrator (the `adm` claim). Unknown paths
 * under /admin get the same gates before their 404, so they reveal nothing either.
 */
export function adminRoutes(deps: AdminRouteDeps): Router {
  const router = Router();
  const gates = [sameOrigin(deps.publicOrigin), deps.authenticate, requireAdmin(deps.admins)];
  router.use('/admin', ...gates);
  for (const route of adminRouteTable(deps.link)) {
    router[route.method](route.path, async (req, res) => {
      const ctx: CallContext = { deadlineMs: deps.grpcDeadlineMs, requestId: req.id, user: adminOf(res) };
      const body = await route.handle(req, res, ctx);
      res.set('Cache-Control', 'no-store');
      res.json(body);
    });
  }
  return router;
}
