import type * as grpc from '@grpc/grpc-js';
import type { Express } from 'express';
import request from 'supertest';
import {
  AccountDeletionStep,
  LinkServiceService,
  type AccountDeletion,
  type LinkServiceServer,
} from '@ferry/contracts/link/v1';
import { MessageStatus, NotificationServiceService } from '@ferry/contracts/notification/v1';
import { GATEWAY_SERVICE, verifiedUser } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { findRoute, responseIssues } from '@ferry/http-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { requireAuth } from '../src/auth/require-auth.js';
import { sessionCutoffs, withSessionCutoffs } from '../src/auth/session-cutoffs.js';
import { memoryCutoffRecords } from './cutoff-records.js';
import type { TokenVerifier } from '../src/auth/token-verifier.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { gatewaySigner, linkPolicies, notificationPolicies } from './backend-policies.js';
import { startFakeBilling, type FakeBilling } from './fake-billing.js';
import { silentLogger } from './helpers.js';

const ORIGIN = 'https://ferry.example.com';

/** `tok-<name>[-<n>]` is the user <name>: several tokens of one user are several sessions. */
const verifier: TokenVerifier = {
  async verify(token) {
    const m = /^tok-([a-z]+)(-\d+)?$/.exec(token);
    if (!m) return { ok: false, status: 401 };
    return { ok: true, identity: { sub: `sub-${m[1]}`, email: `${m[1]}@example.com` } };
  },
  forget: async () => undefined,
};

type Unary = (call: grpc.ServerUnaryCall<object, unknown>, cb: grpc.sendUnaryData<unknown>) => void;

describe('the user’s own data: export and account deletion', () => {
  let billing: FakeBilling;
  let backends: Backends;
  let app: Express;
  let servers: grpc.Server[] = [];
  const deletions = new Map<string, AccountDeletion>();
  const asked: Array<{ rpc: string; sub: string; request: object }> = [];

  beforeAll(async () => {
    billing = await startFakeBilling();
    const seen =
      (rpc: string, answer: (sub: string, req: Record<string, unknown>) => unknown): Unary =>
      (call, cb) => {
        const sub = verifiedUser(call).sub;
        asked.push({ rpc, sub, request: { ...call.request } });
        cb(null, answer(sub, call.request as Record<string, unknown>));
      };
    const link: Record<string, Unary> = {
      exportMyLinks: seen('exportMyLinks', (sub) => ({
        links: [
          {
            slug: 'AnnSlug001',
            fileName: 'report.pdf',
            sizeBytes: '2048',
            createdAt: new Date('2026-11-01T10:00:00Z'),
            expiresAt: new Date('2026-11-08T10:00:00Z'),
            downloadCount: sub === 'sub-ann' ? '3' : '0',
            shortCodes: [],
            days: [{ date: '2026-11-02', downloads: '3' }],
          },
        ],
      })),
      deleteMyAccount: seen('deleteMyAccount', (sub, req) => {
        const d = deletions.get(sub) ?? {
          step: AccountDeletionStep.ACCOUNT_DELETION_STEP_UNSPECIFIED,
          trashFiles: req.trashFiles === true,
          requestedAt: new Date(),
          attempts: 0,
        };
        deletions.set(sub, d);
        return { deletion: d };
      }),
      getAccountDeletion: seen('getAccountDeletion', (sub) => ({ deletion: deletions.get(sub) })),
    };
    const notification = {
      exportMyMail: seen('exportMyMail', () => ({
        mails: [
          {
            type: 'receiver',
            to: 'bob@example.com',
            createdAt: new Date('2026-11-01T10:01:00Z'),
            sentAt: new Date('2026-11-01T10:01:02Z'),
            status: MessageStatus.MESSAGE_STATUS_SENT,
          },
        ],
      })),
    };
    // The services' own policies; a method this test does not serve answers UNIMPLEMENTED whatever its policy.
    const every = (definition: grpc.ServiceDefinition) =>
      Object.fromEntries(Object.keys(definition).map((m) => [m, GATEWAY_SERVICE]));
    const l = await startTestGrpcServer(LinkServiceService, link as unknown as LinkServiceServer, {
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
    const cutoffs = sessionCutoffs({ records: memoryCutoffRecords().records, logger: silentLogger() });
    app = createApp({
      logger: silentLogger(),
      health: createHealthChecker(backends.probes(1000), { cacheMs: 0 }),
      myData: {
        link: backends.link.client,
        notification: backends.notification.client,
        billing: backends.billing.client,
        grpcDeadlineMs: 5000,
        authenticate: requireAuth(withSessionCutoffs(verifier, cutoffs)),
        authenticateSignedOut: requireAuth(verifier),
        cutoffs,
        verifier,
        publicOrigin: ORIGIN,
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

  const conforms = (method: string, path: string, res: { status: number; body: unknown }) =>
    expect(responseIssues(findRoute(method, path)!, res.status, res.body)).toEqual([]);

  it('exports links, mails and the subscription as a JSON attachment, each from its own service', async () => {
    await request(app).get('/api/me/export').expect(401);
    const res = await request(app).get('/api/me/export?tz=Europe/Amsterdam').set('Authorization', 'Bearer tok-ann');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ferry-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    conforms('get', '/api/me/export', res);
    expect(res.body).toMatchObject({
      account: { sub: 'sub-ann', email: 'ann@example.com' },
      timeZone: 'Europe/Amsterdam',
      links: [
        {
          slug: 'AnnSlug001',
          file: 'report.pdf',
          size: 2048,
          downloads: 3,
          days: [{ date: '2026-11-02', downloads: 3 }],
        },
      ],
      mails: [{ type: 'receiver', to: 'bob@example.com', status: 'sent' }],
      subscription: null,
    });
    expect(asked.map((a) => [a.rpc, a.sub]).sort()).toEqual([
      ['exportMyLinks', 'sub-ann'],
      ['exportMyMail', 'sub-ann'],
    ]);
    expect(asked.find((a) => a.rpc === 'exportMyLinks')?.request).toMatchObject({ timeZone: 'Europe/Amsterdam' });
    const bad = await request(app).get('/api/me/export?tz=..%2Fetc').set('Authorization', 'Bearer tok-ann');
    expect(bad.status).toBe(400);
  });

  it('refuses a deletion sent from another origin or without a choice about the files', async () => {
    const cross = await request(app)
      .delete('/api/me')
      .set('Authorization', 'Bearer tok-eve')
      .set('Origin', 'https://evil.example')
      .send({ trashFiles: true });
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe('cross_origin');
    const site = await request(app)
      .delete('/api/me')
      .set('Authorization', 'Bearer tok-eve')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ trashFiles: true });
    expect(site.status).toBe(403);
    const noChoice = await request(app).delete('/api/me').set('Authorization', 'Bearer tok-eve').send({});
    expect(noChoice.status).toBe(400);
    expect(asked.filter((a) => a.rpc === 'deleteMyAccount')).toEqual([]);
  });

  it('starts the deletion (202), signs out every session of the user, and a repeat is harmless', async () => {
    const res = await request(app)
      .delete('/api/me')
      .set('Authorization', 'Bearer tok-cat-1')
      .set('Origin', ORIGIN)
      .send({ trashFiles: true, language: 'de' });
    expect(res.status).toBe(202);
    conforms('delete', '/api/me', res);
    expect(res.body).toMatchObject({ state: 'running', step: 'requested', trashFiles: true });
    expect(asked.find((a) => a.rpc === 'deleteMyAccount')?.request).toMatchObject({ trashFiles: true, locale: 'de' });
    // Both of cat's sessions stop working; another user's do not.
    for (const token of ['tok-cat-1', 'tok-cat-2'])
      expect((await request(app).get('/api/me/export').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await request(app).get('/api/me/export').set('Authorization', 'Bearer tok-ann')).status).toBe(200);
    // The signed-out page can still follow its own deletion.
    const progress = await request(app).get('/api/me/deletion').set('Authorization', 'Bearer tok-cat-1');
    expect(progress.status).toBe(200);
    conforms('get', '/api/me/deletion', progress);
    // Finished: a second request answers the same finished state with 200.
    const d = deletions.get('sub-cat')!;
    d.step = AccountDeletionStep.ACCOUNT_DELETION_STEP_DONE;
    d.finishedAt = new Date();
    const deletes = asked.filter((a) => a.rpc === 'deleteMyAccount').length;
    const again = await request(app)
      .delete('/api/me')
      .set('Authorization', 'Bearer tok-cat-3')
      .send({ trashFiles: false });
    // A signed-out session's repeat: the same finished state, and nothing started again.
    expect(again.status).toBe(200);
    conforms('delete', '/api/me', again);
    expect(again.body).toMatchObject({ state: 'done', trashFiles: true });
    expect(asked.filter((a) => a.rpc === 'deleteMyAccount')).toHaveLength(deletes);
    const done = await request(app).get('/api/me/deletion').set('Authorization', 'Bearer tok-cat-3');
    expect(done.body).toMatchObject({ state: 'done', step: 'done', finishedAt: d.finishedAt.toISOString() });
  });

  it('a user with nothing to delete yet reads "none"', async () => {
    const res = await request(app).get('/api/me/deletion').set('Authorization', 'Bearer tok-dan');
    expect(res.body).toEqual({
      state: 'none',
      step: null,
      trashFiles: null,
      requestedAt: null,
      finishedAt: null,
      retries: 0,
    });
  });
});
