import * as grpc from '@grpc/grpc-js';
import type { Express } from 'express';
import request from 'supertest';
import { Phase, Plan, State } from '@ferry/contracts/billing/v1';
import { findRoute, responseIssues } from '@ferry/http-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { BILLING_TEXTS } from '../src/routes/billing.js';
import { CHECKOUT_TEXTS } from '../src/routes/billing-checkout.js';
import { fakeAuth } from './fake-auth.js';
import { silentLogger } from './helpers.js';
import { gatewaySigner } from './backend-policies.js';
import { DAY, fail, startFakeBilling, type FakeBilling } from './fake-billing.js';

const ORIGIN = 'https://ferry.example.com';

describe('billing routes', () => {
  let billing: FakeBilling;
  let backends: Backends;
  let app: Express;
  let appWithoutClock: Express;

  const post = (path: string, body: unknown = {}, user: string | null = 'ann', target: Express = app) => {
    const r = request(target).post(`/api${path}`);
    if (user) r.set('Authorization', `Bearer tok-${user}`);
    return r.send(body as object);
  };
  /** The answer matches the contract of its route. */
  const conforms = (method: string, path: string, res: { status: number; body: unknown }) =>
    expect(responseIssues(findRoute(method, `/api${path}`)!, res.status, res.body)).toEqual([]);

  beforeAll(async () => {
    billing = await startFakeBilling();
    const addr = `127.0.0.1:${billing.port}`;
    backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
    const make = (testClock: boolean) =>
      createApp({
        logger: silentLogger(),
        health: createHealthChecker(backends.probes(1000), { cacheMs: 0 }),
        billing: {
          billing: backends.billing.client,
          grpcDeadlineMs: 5000,
          authenticate: fakeAuth,
          publicOrigin: ORIGIN,
          testClock,
        },
      });
    app = make(true);
    appWithoutClock = make(false);
  });
  afterAll(() => {
    backends.close();
    billing.stop();
  });
  beforeEach(() => billing.reset());

  it('requires sign-in on every account route', async () => {
    for (const path of [
      '/trial/start',
      '/access/status',
      '/stripe/cancel',
      '/billing/checkout',
      '/billing/portal',
      '/billing/resume',
      '/dev/clock/advance',
    ]) {
      const res = await post(path, { plan: 'monthly', days: 1 }, null);
      expect(res.status, path).toBe(401);
    }
    expect(billing.calls).toHaveLength(0);
  });

  it('answers 404 with the spec text before a trial exists', async () => {
    const res = await post('/access/status', { email: 'ann@example.com' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: BILLING_TEXTS.noData, code: 'not_found' });
  });

  it('starts the trial once (idempotent) and reports the status with plan and state', async () => {
    const first = await post('/trial/start', { email: 'ann@example.com' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ok: true,
      started: true,
      phase: 'trial',
      plan: 'trial',
      state: 'trial',
      remaining_days: 90,
      total_days: 90,
    });
    conforms('POST', '/trial/start', first);
    const second = await post('/trial/start', {});
    expect(second.body).toMatchObject({ ok: true, started: false });
    expect(billing.accounts.size).toBe(1);

    const status = await post('/access/status', { email: 'ann@example.com' });
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(Object.keys(status.body).sort()).toEqual([
      'cancelled_at',
      'grace_until',
      'paid_until',
      'phase',
      'plan',
      'remaining_days',
      'starts_at',
      'state',
      'total_days',
    ]);
    expect(status.body).toMatchObject({
      phase: 'trial',
      remaining_days: 90,
      total_days: 90,
      cancelled_at: null,
      starts_at: null,
      grace_until: null,
    });
    expect(Date.parse(status.body.paid_until)).toBeGreaterThan(Date.now() + 89 * DAY);
    conforms('POST', '/access/status', status);
  });

  it('reports every state billing names, with its dates', async () => {
    const startsAt = new Date(Date.now() + 60 * DAY);
    const graceUntil = new Date(Date.now() + 7 * DAY);
    const cases = [
      [
        { phase: Phase.PHASE_TRIAL, plan: Plan.PLAN_YEARLY, state: State.STATE_SCHEDULED, startsAt },
        { plan: 'yearly', state: 'scheduled', starts_at: startsAt.toISOString() },
      ],
      [
        {
          phase: Phase.PHASE_PAID,
          plan: Plan.PLAN_MONTHLY,
          state: State.STATE_PAST_DUE,
          graceUntil,
          startsAt: undefined,
        },
        { plan: 'monthly', state: 'past_due', grace_until: graceUntil.toISOString() },
      ],
      [
        {
          phase: Phase.PHASE_PAID,
          plan: Plan.PLAN_YEARLY,
          state: State.STATE_CANCELLED,
          graceUntil: undefined,
          cancelledAt: new Date(),
        },
        { phase: 'paid', state: 'cancelled' },
      ],
      [
        { phase: Phase.PHASE_EXPIRED, plan: Plan.PLAN_TRIAL, state: State.STATE_EXPIRED },
        { phase: 'expired', state: 'expired' },
      ],
      // An older billing that names no state: read from the phase.
      [
        { phase: Phase.PHASE_PAID, plan: Plan.PLAN_MONTHLY, state: State.STATE_UNSPECIFIED, cancelledAt: undefined },
        { phase: 'paid', state: 'active' },
      ],
    ] as const;
    for (const [status, expected] of cases) {
      billing.set('ann@example.com', status);
      const res = await post('/access/status');
      expect(res.body).toMatchObject(expected);
      conforms('POST', '/access/status', res);
    }
  });

  it('passes the caller’s language: the body’s, else the switcher’s cookie, else Accept-Language, else English', async () => {
    await post('/trial/start', { language: 'ar' }).set('Accept-Language', 'de').set('Cookie', 'i18next=fr');
    await post('/trial/start').set('Accept-Language', 'de').set('Cookie', 'a=1; i18next=fr');
    await post('/trial/start').set('Accept-Language', 'pt-BR,pt;q=0.9,en;q=0.5');
    await post('/trial/start').set('Accept-Language', 'xx, zz;q=0.5');
    await post('/trial/start');
    await post('/access/status', { language: 'iw-IL' });
    expect(billing.calls.map((c) => c.request.language)).toEqual(['ar', 'fr', 'pt', 'en', 'en', 'he']);
  });

  it('uses the verified identity, never the e-mail in the body', async () => {
    for (const path of ['/trial/start', '/billing/checkout', '/billing/portal', '/billing/resume']) {
      const res = await post(path, { email: 'mallory@example.com', plan: 'monthly' });
      expect(res.status, path).toBe(403);
    }
    expect(billing.calls).toHaveLength(0);
    await post('/trial/start', { email: 'ANN@example.com' }).expect(200);
    await post('/trial/start', { email: '' }).expect(200);
    await post('/trial/start').expect(200);
    expect(billing.calls.map((c) => c.user)).toEqual(Array(3).fill({ sub: 'sub-ann', email: 'ann@example.com' }));
  });

  it('cancels: access remains until the period end, repeated cancel answers the same', async () => {
    await post('/trial/start').expect(200);
    const res = await post('/stripe/cancel', { email: 'ann@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: BILLING_TEXTS.cancelled, phase: 'trial', remaining_days: 90 });
    expect(res.body.cancelled_at).toEqual(expect.any(String));
    conforms('POST', '/stripe/cancel', res);
    const again = await post('/stripe/cancel');
    expect(again.body.cancelled_at).toBe(res.body.cancelled_at);
  });

  it('cancel without a subscription is 404 with the spec text', async () => {
    const res = await post('/stripe/cancel');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(BILLING_TEXTS.noData);
  });

  it('resumes a cancelled plan; 409 nothing_to_resume otherwise, 404 without a subscription', async () => {
    expect((await post('/billing/resume')).status).toBe(404);
    billing.set(
      'ann@example.com',
      { phase: Phase.PHASE_PAID, plan: Plan.PLAN_YEARLY, state: State.STATE_ACTIVE },
      true,
    );
    const nothing = await post('/billing/resume');
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({ error: BILLING_TEXTS.nothingToResume, code: 'nothing_to_resume' });
    expect((await post('/stripe/cancel')).body).toMatchObject({ state: 'cancelled', cancelled_at: expect.any(String) });
    const resumed = await post('/billing/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.headers['cache-control']).toBe('no-store');
    expect(resumed.body).toMatchObject({ ok: true, state: 'active', plan: 'yearly', cancelled_at: null });
    conforms('POST', '/billing/resume', resumed);
  });

  it('maps backend failures through the one status map (no internals leak)', async () => {
    billing.failNext('getAccessStatus', fail(grpc.status.INTERNAL, 'db exploded at row 7'));
    const res = await post('/access/status');
    expect(res.status).toBe(502);
    expect(res.body.error).not.toContain('db exploded');
    await post('/trial/start').expect(200);
    billing.failNext('cancelSubscription', fail(grpc.status.UNIMPLEMENTED, 'stripe not wired'));
    expect((await post('/stripe/cancel')).status).toBe(501);
  });

  describe('GET /api/billing/plans', () => {
    it('is public, cacheable for a minute, in euro minor units, and asks billing once a minute', async () => {
      const answers = await Promise.all([1, 2, 3].map(() => request(app).get('/api/billing/plans')));
      const again = await request(app).get('/api/billing/plans');
      for (const res of [...answers, again]) {
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        expect(res.body).toEqual({
          plans: [
            { plan: 'monthly', unit_amount: 200, currency: 'eur', interval: 'month', best_value: false },
            { plan: 'yearly', unit_amount: 1000, currency: 'eur', interval: 'year', best_value: true },
          ],
        });
        conforms('GET', '/billing/plans', res);
      }
      // Four answers, one call to billing (as the gateway, not for a user).
      expect(billing.callsOf('listPlans')).toHaveLength(1);
      expect(billing.callsOf('listPlans')[0]!.user).toBeUndefined();
    });

    it('a failure is not kept: the next request asks again', async () => {
      const make = () =>
        createApp({
          logger: silentLogger(),
          health: createHealthChecker(backends.probes(1000), { cacheMs: 0 }),
          billing: {
            billing: backends.billing.client,
            grpcDeadlineMs: 5000,
            authenticate: fakeAuth,
            publicOrigin: ORIGIN,
          },
        });
      const fresh = make();
      billing.failNext('listPlans', fail(grpc.status.FAILED_PRECONDITION, 'no Stripe key'));
      const down = await request(fresh).get('/api/billing/plans');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: CHECKOUT_TEXTS.notConfigured, code: 'not_configured' });
      expect((await request(fresh).get('/api/billing/plans')).status).toBe(200);
      expect(billing.callsOf('listPlans')).toHaveLength(2);
    });
  });

  describe('POST /api/billing/checkout', () => {
    it('opens Checkout for the plan, returning to the account page on the public origin (never the Host header)', async () => {
      await post('/trial/start', {}).expect(200);
      const res = await post('/billing/checkout', { plan: 'yearly', language: 'de' })
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({ url: 'http://127.0.0.1:4300/checkout/cs_test_1' });
      conforms('POST', '/billing/checkout', res);
      const [call] = billing.callsOf('createCheckoutSession');
      expect(call).toMatchObject({
        user: { sub: 'sub-ann', email: 'ann@example.com' },
        request: {
          plan: Plan.PLAN_YEARLY,
          successUrl: `${ORIGIN}/account?checkout=success`,
          cancelUrl: `${ORIGIN}/account?checkout=cancelled`,
          language: 'de',
        },
      });
      await post('/billing/checkout', { plan: 'monthly' }).expect(200);
      expect(billing.callsOf('createCheckoutSession')[1]!.request.plan).toBe(Plan.PLAN_MONTHLY);
    });

    it('refuses a plan that cannot be bought with a clear 400, before billing', async () => {
      for (const body of [{}, { plan: 'trial' }, { plan: 'weekly' }, { plan: 2 }]) {
        const res = await post('/billing/checkout', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ error: 'plan must be "monthly" or "yearly"', code: 'invalid_argument' });
      }
      expect(billing.calls).toHaveLength(0);
    });

    it('answers 409 already_subscribed while a paid plan is active or scheduled', async () => {
      for (const state of [State.STATE_ACTIVE, State.STATE_SCHEDULED]) {
        billing.set('ann@example.com', { state });
        const res = await post('/billing/checkout', { plan: 'monthly' });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: CHECKOUT_TEXTS.alreadySubscribed, code: 'already_subscribed' });
      }
    });

    it('answers 503 not_configured when billing has no payments or no Stripe price', async () => {
      await post('/trial/start', {}).expect(200);
      billing.failNext(
        'createCheckoutSession',
        fail(grpc.status.FAILED_PRECONDITION, 'payments are not enabled (BILLING_PAYMENTS=off)'),
      );
      const res = await post('/billing/checkout', { plan: 'monthly' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: CHECKOUT_TEXTS.notConfigured, code: 'not_configured' });
    });

    it('never sends the browser to a page that is not http(s)', async () => {
      await post('/trial/start', {}).expect(200);
      billing.options.checkoutUrl = 'javascript:alert(1)';
      const res = await post('/billing/checkout', { plan: 'monthly' });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('upstream_error');
    });
  });

  describe('POST /api/billing/portal', () => {
    it('answers 409 no_billing_account before the first payment, else the portal returning to /account', async () => {
      await post('/trial/start', {}).expect(200);
      const none = await post('/billing/portal');
      expect(none.status).toBe(409);
      expect(none.body).toEqual({ error: CHECKOUT_TEXTS.noBillingAccount, code: 'no_billing_account' });
      billing.set('ann@example.com', { state: State.STATE_ACTIVE }, true);
      const res = await post('/billing/portal', {}).set('Accept-Language', 'ja').set('Host', 'evil.example');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ url: 'http://127.0.0.1:4300/portal/bps_1' });
      conforms('POST', '/billing/portal', res);
      expect(billing.callsOf('createPortalSession').at(-1)!.request).toEqual({
        returnUrl: `${ORIGIN}/account`,
        language: 'ja',
      });
    });
  });

  describe('POST /api/dev/clock/advance', () => {
    it('is not mounted without BILLING_TEST_CLOCK=on', async () => {
      await post('/trial/start', {}, 'ann', appWithoutClock).expect(200);
      const res = await post('/dev/clock/advance', { days: 91 }, 'ann', appWithoutClock);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
      expect(billing.callsOf('advanceTestClock')).toHaveLength(0);
    });

    it('moves the caller’s clock by days and seconds and answers the status', async () => {
      await post('/trial/start', {}).expect(200);
      const moved = await post('/dev/clock/advance', { days: 10, seconds: 60 });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ state: 'trial', phase: 'trial' });
      conforms('POST', '/dev/clock/advance', moved);
      expect(billing.callsOf('advanceTestClock')[0]).toMatchObject({
        user: { sub: 'sub-ann' },
        request: { seconds: String(10 * 86_400 + 60) },
      });
      const ended = await post('/dev/clock/advance', { days: 81 });
      expect(ended.body).toMatchObject({ state: 'expired', phase: 'expired', remaining_days: 0 });
    });

    it('refuses a bad move with 400, and answers 404 when billing’s own test clock is off', async () => {
      for (const body of [{}, { days: -1 }, { seconds: 'soon' }, { days: 1000 }])
        expect((await post('/dev/clock/advance', body)).status, JSON.stringify(body)).toBe(400);
      expect(billing.calls).toHaveLength(0);
      await post('/trial/start', {}).expect(200);
      billing.options.clockOn = false;
      const off = await post('/dev/clock/advance', { days: 1 });
      expect(off.status).toBe(404);
      expect(off.body.code).toBe('not_found');
    });
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
      expect(res.body).toEqual({
        error: 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set)',
        code: 'not_configured',
      });
    });

    it('answers 503 with Retry-After while billing is unavailable, so Stripe delivers again', async () => {
      const res = await hook('starting');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ error: 'Billing is not available; retry later', code: 'upstream_unavailable' });
    });

    it('refuses bodies over the limit', async () => {
      const res = await hook('t=1,v1=abc', 'x'.repeat(600 * 1024));
      expect(res.status).toBe(413);
      expect(billing.webhooks).toHaveLength(0);
    });
  });
});
