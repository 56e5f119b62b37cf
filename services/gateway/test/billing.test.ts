import * as grpc from '@grpc/grpc-js';
import type { RequestHandler } from 'express';
import request from 'supertest';
import {
  BillingServiceService,
  Phase,
  Plan,
  type AccessStatus,
  type BillingServiceServer,
} from '@ferry/contracts/billing/v1';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { BILLING_TEXTS } from '../src/routes/billing.js';
import { silentLogger } from './helpers.js';
import { verifiedUser, type AssertedUser } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { billingPolicies, gatewaySigner } from './backend-policies.js';

/** Stands in for requireAuth: `Bearer tok-<name>` is the user <name>. */
const fakeAuth: RequestHandler = (req, res, next) => {
  const m = /^Bearer tok-([a-z]+)$/.exec(req.headers.authorization ?? '');
  if (!m) {
    res.status(401).json({ error: 'Sign-in required', code: 'unauthenticated' });
    return;
  }
  const email = `${m[1]}@example.com`;
  req.auth = { sub: `sub-${m[1]}`, email, token: `drive-${m[1]}`, identity: { sub: `sub-${m[1]}`, email } as never };
  next();
};

const DAY = 86_400_000;
const fail = (code: grpc.status, details: string): grpc.ServiceError => Object.assign(new Error(details), { code, details, metadata: new grpc.Metadata() });

/** An in-memory billing service: one trial per e-mail, cancel sets cancelledAt. */
async function startFakeBilling() {
  const subs = new Map<string, AccessStatus>();
  const callers: AssertedUser[] = [];
  const webhooks: { payload: Buffer; signature: string }[] = [];
  let failNext: grpc.ServiceError | undefined;
  const take = () => {
    const e = failNext;
    failNext = undefined;
    return e;
  };
  const impl = {
    startTrial(call: grpc.ServerUnaryCall<object, unknown>, cb: grpc.sendUnaryData<unknown>) {
      callers.push(verifiedUser(call));
      const err = take();
      if (err) return cb(err);
      const key = verifiedUser(call).email;
      const existing = subs.get(key);
      if (existing) return cb(null, { status: existing, started: false });
      const status: AccessStatus = { phase: Phase.PHASE_TRIAL, plan: Plan.PLAN_TRIAL, remainingDays: 90, totalDays: 90, paidUntil: new Date(Date.now() + 90 * DAY) };
      subs.set(key, status);
      cb(null, { status, started: true });
    },
    getAccessStatus(call: grpc.ServerUnaryCall<object, unknown>, cb: grpc.sendUnaryData<unknown>) {
      callers.push(verifiedUser(call));
      const err = take();
      if (err) return cb(err);
      const s = subs.get(verifiedUser(call).email);
      if (!s) return cb(fail(grpc.status.NOT_FOUND, 'no subscription for this account'));
      cb(null, { status: s });
    },
    cancelSubscription(call: grpc.ServerUnaryCall<object, unknown>, cb: grpc.sendUnaryData<unknown>) {
      callers.push(verifiedUser(call));
      const err = take();
      if (err) return cb(err);
      const s = subs.get(verifiedUser(call).email);
      if (!s) return cb(fail(grpc.status.NOT_FOUND, 'no subscription for this account'));
      s.cancelledAt ??= new Date();
      cb(null, { status: s });
    },
    handleStripeEvent(call: grpc.ServerUnaryCall<{ payload: Buffer; signature: string }, unknown>, cb: grpc.sendUnaryData<unknown>) {
      webhooks.push({ payload: Buffer.from(call.request.payload), signature: call.request.signature });
      if (call.request.signature === 'unconfigured') return cb(fail(grpc.status.FAILED_PRECONDITION, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)'));
      if (call.request.signature === 'bad') return cb(fail(grpc.status.INVALID_ARGUMENT, 'invalid Stripe signature'));
      cb(null, { eventId: 'evt_1', duplicate: call.request.signature === 'dup' });
    },
  };
  const { server, port } = await startTestGrpcServer(BillingServiceService, impl as unknown as BillingServiceServer, billingPolicies);
  return {
    port,
    subs,
    callers,
    webhooks,
    failNext: (e: grpc.ServiceError) => void (failNext = e),
    stop: () => server.forceShutdown(),
  };
}

describe('billing routes', () => {
  let billing: Awaited<ReturnType<typeof startFakeBilling>>;
  let backends: Backends;
  let app: ReturnType<typeof createApp>;

  const post = (path: string, body: unknown = {}, user: string | null = 'ann') => {
    const r = request(app).post(`/api${path}`);
    if (user) r.set('Authorization', `Bearer tok-${user}`);
    return r.send(body as object);
  };

  beforeAll(async () => {
    billing = await startFakeBilling();
    const addr = `127.0.0.1:${billing.port}`;
    backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
    app = createApp({
      logger: silentLogger(),
      health: createHealthChecker(backends.probes(1000), { cacheMs: 0 }),
      billing: { billing: backends.billing.client, grpcDeadlineMs: 5000, authenticate: fakeAuth },
    });
  });
  afterAll(() => {
    backends.close();
    billing.stop();
  });
  beforeEach(() => {
    billing.subs.clear();
    billing.callers.length = 0;
    billing.webhooks.length = 0;
  });

  it('requires sign-in on every route', async () => {
    for (const path of ['/trial/start', '/access/status', '/stripe/cancel']) {
      const res = await post(path, {}, null);
      expect(res.status).toBe(401);
    }
    expect(billing.callers).toHaveLength(0);
  });

  it('answers 404 with the spec text before a trial exists', async () => {
    const res = await post('/access/status', { email: 'ann@example.com' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: BILLING_TEXTS.noData, code: 'not_found' });
  });

  it('starts the trial once (idempotent) and reports the spec status shape', async () => {
    const first = await post('/trial/start', { email: 'ann@example.com' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, started: true, phase: 'trial', remaining_days: 90, total_days: 90 });
    const second = await post('/trial/start', {});
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ ok: true, started: false });
    expect(billing.subs.size).toBe(1);

    const status = await post('/access/status', { email: 'ann@example.com' });
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(Object.keys(status.body).sort()).toEqual(['cancelled_at', 'paid_until', 'phase', 'remaining_days', 'total_days']);
    expect(status.body).toMatchObject({ phase: 'trial', remaining_days: 90, total_days: 90, cancelled_at: null });
    expect(Date.parse(status.body.paid_until)).toBeGreaterThan(Date.now() + 89 * DAY);
  });

  it('uses the verified identity, never the e-mail in the body', async () => {
    const res = await post('/trial/start', { email: 'mallory@example.com' });
    expect(res.status).toBe(403);
    expect(billing.callers).toHaveLength(0);
    await post('/trial/start', { email: 'ANN@example.com' }).expect(200);
    await post('/trial/start', { email: '' }).expect(200);
    await post('/trial/start').expect(200);
    expect(billing.callers.map((c) => c.email)).toEqual(['ann@example.com', 'ann@example.com', 'ann@example.com']);
    expect(billing.callers[0]!.sub).toBe('sub-ann');
  });

  it('cancels: access remains until the period end, repeated cancel answers the same', async () => {
    await post('/trial/start').expect(200);
    const res = await post('/stripe/cancel', { email: 'ann@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: BILLING_TEXTS.cancelled, phase: 'trial', remaining_days: 90 });
    expect(res.body.cancelled_at).toEqual(expect.any(String));
    const again = await post('/stripe/cancel');
    expect(again.body.cancelled_at).toBe(res.body.cancelled_at);
  });

  it('cancel without a subscription is 404 with the spec text', async () => {
    const res = await post('/stripe/cancel');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(BILLING_TEXTS.noData);
  });

  it('maps backend failures through the one status map (no internals leak)', async () => {
    billing.failNext(fail(grpc.status.INTERNAL, 'db exploded at row 7'));
    const res = await post('/access/status');
    expect(res.status).toBe(502);
    expect(res.body.error).not.toContain('db exploded');
    await post('/trial/start').expect(200);
    billing.failNext(fail(grpc.status.UNIMPLEMENTED, 'stripe not wired'));
    const cancel = await post('/stripe/cancel');
    expect(cancel.status).toBe(501);
  });

  describe('POST /api/stripe/webhook', () => {
    const raw = '{\n  "id": "evt_1",  "type": "invoice.paid", "data": {"object": {}}\n}';
    const hook = (signature: string | null, body = raw) => {
      const r = request(app).post('/api/stripe/webhook').set('Content-Type', 'application/json; charset=utf-8');
      if (signature !== null) r.set('Stripe-Signature', signature);
      return r.send(body);
    };

    it('forwards the raw body byte for byte with the signature, no sign-in needed', async () => {
      const res = await hook('t=1,v1=abc');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, event_id: 'evt_1', duplicate: false });
      expect(billing.webhooks).toHaveLength(1);
      expect(billing.webhooks[0]!.payload.toString('utf8')).toBe(raw);
      expect(billing.webhooks[0]!.signature).toBe('t=1,v1=abc');
      expect((await hook('dup')).body.duplicate).toBe(true);
    });

    it('answers 400 without a signature or with a bad one', async () => {
      expect((await hook(null)).status).toBe(400);
      expect(billing.webhooks).toHaveLength(0);
      const bad = await hook('bad');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('invalid_argument');
    });

    it('answers 503 with a clear error when billing has no STRIPE_WEBHOOK_SECRET', async () => {
      const res = await hook('unconfigured');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set)', code: 'not_configured' });
    });

    it('refuses bodies over the limit', async () => {
      const res = await hook('t=1,v1=abc', 'x'.repeat(600 * 1024));
      expect(res.status).toBe(413);
      expect(billing.webhooks).toHaveLength(0);
    });
  });
});
