import { randomUUID } from 'node:crypto';
import { goneReasonOf, goneText } from '../links/gone.js';
import { Router, type Request } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  LinkStatus,
  type GetLinkOwnerResponse,
  type SetLinkAccessResponse,
  type UnlockLinkResponse,
  type UpdateExpiryResponse,
} from '@ferry/contracts/link/v1';
import {
  ExtendActionQuery,
  LinkAccessBody,
  MoreTimeBody,
  UnlockBody,
  type LinkAccessResponse,
  type MoreTimeResponse,
  type UnlockResponse,
} from '@ferry/http-contract';
import type { CallContext } from '../grpc/call.js';
import { unary } from '../grpc/call.js';
import { backendErrorCode, isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { UNLOCK_TOKEN_PARAM } from '../links/guarded-download.js';
import type { CachedLink } from '../links/link-cache.js';
import { budgetKey } from '../links/not-found-limiter.js';
import { ACTION_PAGE_CSP, renderActionPage, type ActionOutcome } from '../web/action-page.js';
import { linkStatsRoutes } from './link-stats.js';
import type { LinkRouteDeps } from './links.js';
import { slugValue } from './request-rules.js';

/** "Ask for more time" is offered while less than this is left. */
export const MORE_TIME_WINDOW_MS = 24 * 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LinkAccessRouteDeps extends LinkRouteDeps {
  /** The link of a code as the request's host sees it; a miss counts against the not-found budget. */
  lookup(req: Request, code: string): Promise<CachedLink>;
  hostSubdomain(req: Request): string;
  ctx(req: Request): CallContext;
  userCtx(req: Request): CallContext;
  /** The download page of a link, as Ferry hands it out. */
  downloadPageUrl(slug: string, ownerSubdomain: string): string;
}

const grpcCode = (err: unknown) => (isGrpcCallError(err) ? (err as { code: number }).code : undefined);

/**
 * Passwords and download limits (owner), the password prompt's unlock (public, rate-limited), a
 * recipient's "ask for more time" (public) and the mails' signed one-click "+1 day".
 */
export function linkAccessRoutes(deps: LinkAccessRouteDeps): Router {
  const router = Router();
  const { link } = deps;

  router.put('/links/:slug/access', deps.authenticate, async (req, res) => {
    const slug = parseRequest(slugValue(), req.params.slug);
    const body = parseRequest(LinkAccessBody, bodyObject(req.body));
    const result = await unary<SetLinkAccessResponse>(
      (md, opts, cb) =>
        link.setLinkAccess(
          {
            slug,
            password: body.password === undefined ? undefined : (body.password ?? ''),
            downloadLimit: body.downloadLimit === undefined ? undefined : String(body.downloadLimit ?? 0),
          },
          md,
          opts,
          cb,
        ),
      deps.userCtx(req),
    );
    deps.cache.invalidate(slug);
    const l = result.link!;
    const limit = Number(l.downloadLimit ?? 0);
    res.json({
      slug,
      passwordProtected: l.passwordProtected === true,
      downloadLimit: limit > 0 ? limit : null,
      downloads: Number(l.downloadCount),
    } satisfies LinkAccessResponse);
  });

  router.post('/links/:slug/unlock', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { password } = parseRequest(UnlockBody, bodyObject(req.body));
    const entry = await deps.lookup(req, parseRequest(slugValue(), req.params.slug));
    const goneWhy = goneReasonOf(entry);
    if (goneWhy) throw new HttpError(410, 'gone', goneText(goneWhy), goneWhy === 'unavailable' ? goneWhy : undefined);
    const wait = deps.passwordLimits ? await deps.passwordLimits.admit(deps.clientAddress(req), entry.slug) : 0;
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, 'too_many_attempts', 'Too many tries. Please wait a little before you try again.');
    }
    const result = await unary<UnlockLinkResponse>(
      (md, opts, cb) => link.unlockLink({ slug: entry.slug, ownerSubdomain: '', password }, md, opts, cb),
      deps.ctx(req),
    ).catch((err: unknown) => {
      if (grpcCode(err) === GrpcStatus.FAILED_PRECONDITION)
        throw new HttpError(410, 'gone', 'This download link has expired or the file was removed by the sender.');
      throw err;
    });
    if (!result.ok) {
      await deps.passwordLimits?.wrong(entry.slug);
      throw new HttpError(401, 'wrong_password', 'That password is not right.');
    }
    const token = encodeURIComponent(result.unlockToken);
    res.json({
      downloadUrl: `${deps.publicOrigin}/api/d/${entry.slug}?${UNLOCK_TOKEN_PARAM}=${token}`,
      expiresAt: result.expiresAt!.toISOString(),
    } satisfies UnlockResponse);
  });

  router.post('/links/:slug/more-time', async (req, res) => {
    const { actions, notification } = deps;
    if (!actions || !notification)
      throw new HttpError(503, 'not_configured', 'Asking for more time is not available here.');
    const body = parseRequest(MoreTimeBody, bodyObject(req.body));
    const entry = await deps.lookup(req, parseRequest(slugValue(), req.params.slug));
    const owner = await unary<GetLinkOwnerResponse>(
      (md, opts, cb) => link.getLinkOwner({ slug: entry.slug, ownerSubdomain: '' }, md, opts, cb),
      deps.ctx(req),
    );
    const l = owner.link!;
    if (l.status !== LinkStatus.LINK_STATUS_ACTIVE)
      throw new HttpError(410, 'gone', 'This download link has expired or the file was removed by the sender.');
    const expiresAt = l.expiresAt!;
    if (expiresAt.getTime() - Date.now() > MORE_TIME_WINDOW_MS)
      throw new HttpError(409, 'not_expiring_soon', 'This link has more than a day left.');
    const token = actions.sign({
      action: 'extend-1d',
      slug: l.slug,
      ownerSub: owner.ownerSub,
      ownerEmail: l.ownerEmail,
      locale: owner.ownerLocale,
    });
    const requestId = body.requestId && UUID.test(body.requestId) ? body.requestId.toLowerCase() : randomUUID();
    await unary(
      (md, opts, cb) =>
        notification.sendMoreTimeRequest(
          {
            idempotencyKey: `more-time/${requestId}`,
            slug: l.slug,
            ownerEmail: l.ownerEmail,
            locale: owner.ownerLocale,
            fileName: l.fileName,
            expiresAt,
            requesterName: body.name ?? '',
            message: body.message ?? '',
            extendUrl: `${deps.publicOrigin}/api/actions/extend?token=${token}`,
            downloadPageUrl: deps.downloadPageUrl(l.slug, l.ownerSubdomain),
            clientKey: budgetKey(deps.clientAddress(req)),
          },
          md,
          opts,
          cb,
        ),
      deps.ctx(req),
    );
    res.status(202).json({ ok: true, requestId } satisfies MoreTimeResponse);
  });

  router.get('/actions/extend', async (req, res) => {
    const query = parseRequest(ExtendActionQuery, req.query);
    const page = (status: number, language: string, outcome: ActionOutcome) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Security-Policy', ACTION_PAGE_CSP);
      res
        .status(status)
        .type('html')
        .send(renderActionPage(query.lng || language, outcome, deps.publicOrigin));
    };
    if (!deps.actions) return page(404, '', { kind: 'refused' });
    const verified = deps.actions.verify(query.token ?? '');
    if (!verified.ok) return page(400, '', { kind: verified.reason === 'expired' ? 'expired' : 'refused' });
    const { claims } = verified;
    try {
      const result = await unary<UpdateExpiryResponse>(
        (md, opts, cb) => link.updateExpiry({ slug: claims.slug, actionId: claims.id }, md, opts, cb),
        { ...deps.ctx(req), user: { sub: claims.ownerSub, email: claims.ownerEmail } },
      );
      deps.cache.invalidate(claims.slug);
      const l = result.link!;
      page(200, claims.locale, { kind: 'extended', fileName: l.fileName, expiresAt: l.expiresAt! });
    } catch (err) {
      const code = grpcCode(err);
      if (code === GrpcStatus.ALREADY_EXISTS) return page(409, claims.locale, { kind: 'alreadyUsed' });
      if (code === GrpcStatus.FAILED_PRECONDITION) {
        const atCap = backendErrorCode(err as Parameters<typeof backendErrorCode>[0]) === 'extend_limit';
        return page(409, claims.locale, { kind: atCap ? 'atCap' : 'gone' });
      }
      if (code === GrpcStatus.NOT_FOUND) return page(409, claims.locale, { kind: 'gone' });
      req.log?.warn?.({ grpcCode: code }, 'one-click extend failed');
      page(502, claims.locale, { kind: 'failed' });
    }
  });

  router.use(linkStatsRoutes(deps));
  return router;
}
