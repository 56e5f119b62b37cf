import type * as grpc from '@grpc/grpc-js';
import type { Express } from 'express';
import request from 'supertest';
import { LinkServiceService, LinkStatus, type Link, type LinkServiceServer } from '@ferry/contracts/link/v1';
import { MessageStatus, NotificationServiceService } from '@ferry/contracts/notification/v1';
import { GATEWAY_SERVICE, verifiedUser, type AssertedUser } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { findRoute, responseIssues } from '@ferry/http-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReportLimits } from '../src/abuse/report-limits.js';
import { adminRouteTable } from '../src/admin/admin-routes.js';
import { Admins } from '../src/admin/admins.js';
import { createApp } from '../src/app.js';
import { requireAuth } from '../src/auth/require-auth.js';
import type { TokenVerifier } from '../src/auth/token-verifier.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { gatewaySigner, linkPolicies, notificationPolicies } from './backend-policies.js';
import { startFakeBilling, type FakeBilling } from './fake-billing.js';
import { silentLogger } from './helpers.js';

const ORIGIN = 'https://ferry.example.com';

/** `tok-<name>` is <name>@example.com with a verified e-mail; `unverified-<name>` the same address, not verified. */
const verifier: TokenVerifier = {
  async verify(token) {
    const m = /^(tok|unverified)-([a-z]+)$/.exec(token);
    if (!m) return { ok: false, status: 401 };
    const email = `${m[2]}@example.com`;
    return { ok: true, identity: { sub: `sub-${m[2]}`, email, ...(m[1] === 'tok' ? { emailVerified: true } : {}) } };
  },
  forget: async () => undefined,
};

const link: Link = {
  slug: 'Reported01',
  driveFileId: '1FileId_abcdefghijklmnopqrstuv',
  ownerEmail: 'owner@example.com',
  ownerSubdomain: 'owner',
  fileName: 'invoice.pdf',
  sizeBytes: '10',
  expiresAt: new Date('2026-12-01T00:00:00Z'),
  createdAt: new Date('2026-11-28T00:00:00Z'),
  downloadCount: '0',
  status: LinkStatus.LINK_STATUS_ACTIVE,
} as Link;

type Unary = (call: grpc.ServerUnaryCall<object, unknown>, cb: grpc.sendUnaryData<unknown>) => void;

describe('abuse reports and the administrators’ routes', () => {
  let billing: FakeBilling;
  let backends: Backends;
  let app: Express;
  let servers: grpc.Server[] = [];
  const asked: Array<{ rpc: string; user?: AssertedUser; request: Record<string, unknown> }> = [];

  beforeAll(async () => {
    billing = await startFakeBilling();
    const seen =
      (rpc: string, answer: (req: Record<string, unknown>) => unknown): Unary =>
      (call, cb) => {
        const request = { ...call.request } as Record<string, unknown>;
        const user = rpc === 'reportAbuse' || rpc === 'sendAbuseReport' ? undefined : verifiedUser(call);
        asked.push({ rpc, user, request });
        cb(null, answer(request));
      };
    const linkServer = {
      reportAbuse: seen('reportAbuse', (req) => ({
        accepted: true,
        report: {
          id: '6f1c7f5e-1c1e-4b8a-9a55-0c9b1c2d3e4f',
          slug: req.slug,
          reason: req.reason,
          details: req.details,
          replyTo: String(req.replyTo).toLowerCase(),
          createdAt: new Date(),
          link,
          ownerSuspended: false,
          linkDisabled: false,
        },
      })),
      getAccountStanding: seen('getAccountStanding', () => ({
        suspended: true,
        reason: 'Malware',
        suspendedAt: new Date('2026-11-28T12:00:00Z'),
      })),
      listAbuseReports: seen('listAbuseReports', () => ({
        reports: [
          {
            id: 'r1',
            slug: link.slug,
            reason: 'malware',
            details: '',
            replyTo: '',
            createdAt: new Date(),
            link,
            ownerSuspended: false,
            linkDisabled: false,
          },
        ],
      })),
      disableLink: seen('disableLink', () => ({ link: { ...link, status: LinkStatus.LINK_STATUS_BLOCKED } })),
      restoreLink: seen('restoreLink', () => ({ link })),
      suspendAccount: seen('suspendAccount', (req) => ({
        suspension: { email: req.email, reason: req.reason, suspendedAt: new Date(), suspendedBy: 'boss@example.com' },
        linksBlocked: '2',
      })),
      restoreAccount: seen('restoreAccount', () => ({ linksRestored: '2' })),
      listSuspensions: seen('listSuspensions', () => ({ suspensions: [] })),
      listAuditLog: seen('listAuditLog', () => ({
        entries: [
          {
            id: '1',
            actor: 'boss@example.com',
            action: 'disable_link',
            target: link.slug,
            reason: 'malware',
            createdAt: new Date(),
          },
        ],
      })),
    };
    const notification = {
      sendAbuseReport: seen('sendAbuseReport', () => ({ accepted: true, status: MessageStatus.MESSAGE_STATUS_QUEUED })),
    };
    const every = (definition: grpc.ServiceDefinition) =>
      Object.fromEntries(Object.keys(definition).map((m) => [m, GATEWAY_SERVICE]));
    const l = await startTestGrpcServer(LinkServiceService, linkServer as unknown as LinkServiceServer, {
      ...every(LinkServiceService),
      ...linkPolicies,
    });
    const n = await startTestGrpcServer(NotificationServiceService, notification as never, {
      ...every(NotificationServiceService),
      ...notificationPolicies,
    });
    servers = [l.server, n.server];
    backends = createBackends(
      { link: `127.0.0.1:${l.port}`, notification: `127.0.0.1:${n.port}`, billing: `127.0.0.1:${billing.port}` },
      gatewaySigner(),
    );
    app = createApp({
      logger: silentLogger(),
      health: createHealthChecker(backends.probes(1000), { cacheMs: 0 }),
      abuse: {
        link: backends.link.client,
        notification: backends.notification.client,
        grpcDeadlineMs: 5000,
        publicOrigin: ORIGIN,
        limits: new ReportLimits({ perClientPerHour: 3, perLinkPerHour: 100, globalPerHour: 100 }),
        downloadPageUrl: (slug) => `${ORIGIN}/r/${slug}`,
        admins: new Admins(' Boss@Example.com ,other-admin@example.com'),
        abuseTo: 'abuse@ferry.example.com',
        authenticate: requireAuth(verifier),
      },
    });
  });
  afterAll(() => {
    backends.close();
    billing.stop();
    for (const s of servers) s.forceShutdown();
  });
  beforeEach(() => {
    asked.length = 0;
  });

  // Every route of the table, as a browser would send it from Ferry's own page.
  const routes = adminRouteTable(null as never).map((r) => ({
    method: r.method,
    url: `/api${r.path.replace(':slug', link.slug)}`,
    openApiPath: `/api${r.path.replace(':slug', '{slug}')}`,
    body: r.path.includes('accounts') ? { email: 'owner@example.com', reason: 'Malware' } : { reason: 'Malware' },
  }));
  const send = (r: (typeof routes)[number], headers: Record<string, string> = {}) => {
    const req = request(app)[r.method](r.url).set(headers);
    return r.method === 'post' ? req.send(r.body) : req;
  };
  const admin = { Authorization: 'Bearer tok-boss', 'Sec-Fetch-Site': 'same-origin', Origin: ORIGIN };

  it('has seven administrators’ routes, each in the contract', () => {
    expect(routes).toHaveLength(7);
    for (const r of routes) expect(findRoute(r.method, r.openApiPath), r.openApiPath).toBeDefined();
  });

  it('answers 401 signed out and 403 not_admin to a user who is not an administrator, on every route', async () => {
    for (const r of routes) {
      const out = await send(r);
      expect(out.status, `${r.method} ${r.url}`).toBe(401);
      const ann = await send(r, { Authorization: 'Bearer tok-ann' });
      expect([ann.status, ann.body.code], `${r.method} ${r.url}`).toEqual([403, 'not_admin']);
      // The administrator's address, but the provider did not verify it: not an administrator.
      const unverified = await send(r, { Authorization: 'Bearer unverified-boss' });
      expect([unverified.status, unverified.body.code]).toEqual([403, 'not_admin']);
    }
    // Unknown paths under /api/admin pass the same gates before their 404.
    expect((await request(app).get('/api/admin/nothing').set('Authorization', 'Bearer tok-ann')).status).toBe(403);
    expect((await request(app).get('/api/admin/nothing').set(admin)).status).toBe(404);
    expect(asked).toEqual([]);
  });

  it('refuses an administrator’s token sent from another site, on every route', async () => {
    for (const r of routes) {
      const fetchMeta = await send(r, { ...admin, 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' });
      expect([fetchMeta.status, fetchMeta.body.code], `${r.method} ${r.url}`).toEqual([403, 'cross_origin']);
      const sameSite = await send(r, { ...admin, 'Sec-Fetch-Site': 'same-site' });
      expect(sameSite.status).toBe(403);
      const originOnly = await send(r, { Authorization: 'Bearer tok-boss', Origin: 'https://evil.example' });
      expect([originOnly.status, originOnly.body.code]).toEqual([403, 'cross_origin']);
    }
    expect(asked).toEqual([]);
    // No cookie signs anyone in: the session is the bearer token only.
    const cookieOnly = await request(app).get('/api/admin/reports').set('Cookie', 'session=tok-boss');
    expect(cookieOnly.status).toBe(401);
  });

  it('lets an administrator through every route, acting as one at the link service', async () => {
    for (const r of routes) {
      const res = await send(r, admin);
      expect(res.status, `${r.method} ${r.url}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(responseIssues(findRoute(r.method, r.openApiPath)!, res.status, res.body)).toEqual([]);
    }
    expect(asked.map((a) => a.rpc).sort()).toEqual(
      [
        'disableLink',
        'listAbuseReports',
        'listAuditLog',
        'listSuspensions',
        'restoreAccount',
        'restoreLink',
        'suspendAccount',
      ].sort(),
    );
    for (const a of asked) expect(a.user).toEqual({ sub: 'sub-boss', email: 'boss@example.com', admin: true });
    expect(asked.find((a) => a.rpc === 'suspendAccount')!.request).toMatchObject({
      email: 'owner@example.com',
      reason: 'Malware',
    });
    // A curl without Origin or Fetch Metadata is no other site: its token is its own.
    expect((await request(app).get('/api/admin/audit').set('Authorization', 'Bearer tok-boss')).status).toBe(200);
  });

  it('refuses an action without a reason, or on a malformed account', async () => {
    const noReason = await request(app).post(`/api/admin/links/${link.slug}/disable`).set(admin).send({ reason: ' ' });
    expect([noReason.status, noReason.body.code]).toEqual([400, 'invalid_argument']);
    const badEmail = await request(app)
      .post('/api/admin/accounts/suspend')
      .set(admin)
      .send({ email: 'x', reason: 'y' });
    expect(badEmail.status).toBe(400);
    expect(asked).toEqual([]);
  });

  it('stores a report, mails it to the abuse address, and limits reports per client', async () => {
    const body = { reason: 'malware', details: 'It installs something', replyTo: 'Finder@Example.com' };
    const res = await request(app).post(`/api/links/${link.slug}/report`).send(body);
    expect(res.status).toBe(202);
    expect(responseIssues(findRoute('post', '/api/links/{slug}/report')!, res.status, res.body)).toEqual([]);
    expect(asked.map((a) => a.rpc)).toEqual(['reportAbuse', 'sendAbuseReport']);
    expect(asked[1]!.request).toMatchObject({
      idempotencyKey: 'abuse/6f1c7f5e-1c1e-4b8a-9a55-0c9b1c2d3e4f',
      slug: link.slug,
      reason: 'malware',
      replyTo: 'finder@example.com',
      downloadPageUrl: `${ORIGIN}/r/${link.slug}`,
      fileName: 'invoice.pdf',
      ownerEmail: 'owner@example.com',
      adminUrl: `${ORIGIN}/admin`,
    });
    const bad = await request(app).post(`/api/links/${link.slug}/report`).send({ reason: 'spam' });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_argument']);
    // The limit is 3 an hour for this client: two more pass, the next is refused.
    for (let i = 0; i < 2; i++)
      expect((await request(app).post(`/api/links/${link.slug}/report`).send(body)).status).toBe(202);
    const limited = await request(app).post(`/api/links/${link.slug}/report`).send(body);
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells a suspended account why and where to appeal', async () => {
    await request(app).get('/api/account/standing').expect(401);
    const res = await request(app).get('/api/account/standing').set('Authorization', 'Bearer tok-owner');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      suspended: true,
      reason: 'Malware',
      suspendedAt: '2026-11-28T12:00:00.000Z',
      appealTo: 'abuse@ferry.example.com',
    });
    expect(responseIssues(findRoute('get', '/api/account/standing')!, res.status, res.body)).toEqual([]);
    expect(asked[0]!.user).toEqual({ sub: 'sub-owner', email: 'owner@example.com' });
  });
});
