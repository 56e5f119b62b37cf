import * as grpc from '@grpc/grpc-js';
import { Phase, Plan, State } from '@ferry/contracts/billing/v1';
import { checkHealth } from '@ferry/service-kit';
import { portIsClosed, watchHealth } from '@ferry/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SERVICE_NAME } from '../src/server.js';
import { callUnary, migratedPostgres, startBilling, type RunningBilling } from './harness.js';

const DAY = 86_400_000;

describe('billing server on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningBilling;
  let clock = new Date('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startBilling(database.url, () => clock);
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  const ann = { sub: 'sub-ann', email: 'ann@example.com' };
  const call = <M extends 'startTrial' | 'getAccessStatus' | 'cancelSubscription'>(
    method: M,
    caller?: { sub: string; email: string },
  ) =>
    callUnary(running.billing[method].bind(running.billing) as never, caller ? { caller } : {}) as Promise<{
      err: grpc.ServiceError | null;
      res?: {
        status?: {
          phase: Phase;
          plan: Plan;
          remainingDays: number;
          totalDays: number;
          paidUntil?: Date;
          cancelledAt?: Date;
        };
        started?: boolean;
      };
    }>;

  it('listens on a free port and reports SERVING for "" and the billing service', async () => {
    expect(running.server.port).toBeGreaterThan(0);
    expect(await checkHealth(running.health, '', 2000)).toBe('SERVING');
    expect(await checkHealth(running.health, BILLING_SERVICE_NAME, 2000)).toBe('SERVING');
  });

  it('has no subscription before the trial starts', async () => {
    const { err } = await call('getAccessStatus', ann);
    expect(err?.code).toBe(grpc.status.NOT_FOUND);
  });

  it('starts a 90-day trial once', async () => {
    const first = await call('startTrial', ann);
    expect(first.err).toBeNull();
    expect(first.res).toMatchObject({
      started: true,
      status: {
        phase: Phase.PHASE_TRIAL,
        plan: Plan.PLAN_TRIAL,
        state: State.STATE_TRIAL,
        remainingDays: 90,
        totalDays: 90,
        paidUntil: new Date('2027-02-20T12:00:00.000Z'),
      },
    });
    const again = await call('startTrial', ann);
    expect(again.res?.started).toBe(false);
    expect(again.res?.status?.paidUntil).toEqual(new Date('2027-02-20T12:00:00.000Z'));
  });

  it('starts one trial when many requests race', async () => {
    const eve = { sub: 'sub-eve', email: 'eve@example.com' };
    const results = await Promise.all(Array.from({ length: 8 }, () => call('startTrial', eve)));
    expect(results.map((r) => r.err)).toEqual(Array(8).fill(null));
    expect(results.filter((r) => r.res?.started).length).toBe(1);
    expect(await running.db.prisma.subscription.count({ where: { sub: 'sub-eve' } })).toBe(1);
  });

  it('counts the days down and keeps access after cancel until the period ends', async () => {
    clock = new Date(clock.getTime() + 10 * DAY);
    expect((await call('getAccessStatus', ann)).res?.status).toMatchObject({
      phase: Phase.PHASE_TRIAL,
      remainingDays: 80,
      totalDays: 90,
    });

    const cancelled = await call('cancelSubscription', ann);
    expect(cancelled.err).toBeNull();
    expect(cancelled.res?.status).toMatchObject({ phase: Phase.PHASE_TRIAL, remainingDays: 80, cancelledAt: clock });
    const cancelledAgain = await call('cancelSubscription', ann);
    expect(cancelledAgain.res?.status?.cancelledAt).toEqual(clock);

    clock = new Date(clock.getTime() + 80 * DAY);
    expect((await call('getAccessStatus', ann)).res?.status).toMatchObject({
      phase: Phase.PHASE_EXPIRED,
      remainingDays: 0,
      totalDays: 90,
    });
    expect((await running.db.prisma.subscription.findUniqueOrThrow({ where: { sub: ann.sub } })).phase).toBe('EXPIRED');
  });

  it('refuses calls without a verified caller', async () => {
    expect((await call('getAccessStatus')).err?.code).toBe(grpc.status.UNAUTHENTICATED);
    expect((await call('startTrial', { sub: '', email: 'x@example.com' })).err?.code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('cancelling without a subscription is NOT_FOUND', async () => {
    expect((await call('cancelSubscription', { sub: 'nobody', email: 'nobody@example.com' })).err?.code).toBe(
      grpc.status.NOT_FOUND,
    );
  });

  it('answers FAILED_PRECONDITION for Stripe events without STRIPE_WEBHOOK_SECRET', async () => {
    const { err } = await callUnary(running.billing.handleStripeEvent.bind(running.billing), {
      payload: Buffer.from('{}'),
      signature: 't=1,v1=x',
    });
    expect(err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(err?.details).toBe('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)');
  });

  it('with payments and the test clock off: no plans, no Checkout or portal, no clock moves, no resume', async () => {
    const b = running.billing;
    expect((await callUnary(b.listPlans.bind(b), {})).res).toEqual({ plans: [] });
    const checkout = await callUnary(b.createCheckoutSession.bind(b), {
      caller: ann,
      plan: Plan.PLAN_YEARLY,
      successUrl: 'http://localhost:8080/account?checkout=success',
      cancelUrl: 'http://localhost:8080/account',
      language: 'en',
    });
    expect(checkout.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    const portal = await callUnary(b.createPortalSession.bind(b), {
      caller: ann,
      returnUrl: 'http://localhost:8080/account',
      language: 'en',
    });
    expect(portal.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    const moved = await callUnary(b.advanceTestClock.bind(b), { caller: ann, seconds: '86400' });
    expect(moved.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(moved.err?.details).toBe('the test clock is off (BILLING_TEST_CLOCK)');
    // Bad input is refused before anything else.
    const bad = await callUnary(b.createCheckoutSession.bind(b), {
      caller: ann,
      plan: Plan.PLAN_TRIAL,
      successUrl: 'http://localhost:8080/a',
      cancelUrl: 'http://localhost:8080/b',
      language: 'en',
    });
    expect(bad.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const badUrl = await callUnary(b.createCheckoutSession.bind(b), {
      caller: ann,
      plan: Plan.PLAN_MONTHLY,
      successUrl: 'javascript:alert(1)',
      cancelUrl: 'http://localhost:8080/b',
      language: 'en',
    });
    expect(badUrl.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('resumes a cancelled trial, and refuses to resume what is not cancelled', async () => {
    const eve = { sub: 'sub-resume', email: 'resume@example.com' };
    await call('startTrial', eve);
    const resume = () => callUnary(running.billing.resumeSubscription.bind(running.billing), { caller: eve });
    expect((await resume()).err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect((await call('cancelSubscription', eve)).res!.status).toMatchObject({ phase: Phase.PHASE_TRIAL });
    const resumed = await resume();
    expect(resumed.err).toBeNull();
    expect(resumed.res!.status).toMatchObject({ state: State.STATE_TRIAL });
    expect(resumed.res!.status!.cancelledAt).toBeUndefined();
  });
});

describe('billing server shutdown', () => {
  it('reports NOT_SERVING, then closes its port', async () => {
    const database = await migratedPostgres();
    const running = await startBilling(database.url);
    try {
      const watch = watchHealth(running.health, BILLING_SERVICE_NAME);
      await watch.reached('SERVING');
      await Promise.all([running.server.shutdown(500), watch.reached('NOT_SERVING')]);
      expect(watch.statuses).toEqual(['SERVING', 'NOT_SERVING']);
      expect(await portIsClosed(running.server.port)).toBe(true);
    } finally {
      await running.stop();
      await database.drop();
    }
  });
});
