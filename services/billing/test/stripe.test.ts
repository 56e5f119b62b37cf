import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { Phase, Plan, type AccessStatus } from '@ferry/contracts/billing/v1';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, migratedPostgres, startBilling, type RunningBilling } from './harness.js';

const DAY = 86_400_000;
const SECRET = 'whsec_ferry_test_secret';
const clock = new Date('2026-11-22T12:00:00.000Z');
const nowSecs = Math.floor(clock.getTime() / 1000);

/** A stand-in for api.stripe.com: records requests, answers subscription updates (or fails on demand). */
async function startFakeStripeApi() {
  const requests: { method: string; path: string; body: string; auth: string }[] = [];
  let failNext = false;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, auth: req.headers.authorization ?? '' });
      res.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such subscription' } }));
        return;
      }
      const id = /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? 'sub_x';
      res.end(JSON.stringify({ id, object: 'subscription', cancel_at_period_end: true, status: 'active' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { port, requests, failNext: () => void (failNext = true), stop: () => new Promise<void>((r) => server.close(() => r())) };
}

function signed(event: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp ?? nowSecs });
  return { payload: Buffer.from(payload), signature };
}

const subscriptionEvent = (id: string, type: string, object: Record<string, unknown>) => ({ id, object: 'event', type, data: { object } });
const stripeSub = (over: Record<string, unknown> = {}, days = 365, interval = 'year') => ({
  id: 'sub_ann',
  object: 'subscription',
  customer: 'cus_ann',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { sub: 'sub-ann' },
  items: { data: [{ current_period_start: nowSecs, current_period_end: nowSecs + days * 86_400, price: { recurring: { interval } } }] },
  ...over,
});

describe('Stripe webhooks and cancel at Stripe', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let withStripe: RunningBilling;
  let withoutKey: RunningBilling;
  let fakeApi: Awaited<ReturnType<typeof startFakeStripeApi>>;

  beforeAll(async () => {
    database = await migratedPostgres();
    fakeApi = await startFakeStripeApi();
    const stripe = new Stripe('sk_test_ferry', { host: '127.0.0.1', port: fakeApi.port, protocol: 'http', maxNetworkRetries: 0, timeout: 5000 });
    withStripe = await startBilling(database.url, () => clock, { stripeWebhookSecret: SECRET, stripe });
    withoutKey = await startBilling(database.url, () => clock, { stripeWebhookSecret: SECRET });
  });
  afterAll(async () => {
    await withStripe?.stop();
    await withoutKey?.stop();
    await fakeApi?.stop();
    await database?.drop();
  });

  type Res = { err: grpc.ServiceError | null; res?: { eventId?: string; duplicate?: boolean; status?: AccessStatus } };
  const deliver = (b: RunningBilling, body: { payload: Buffer; signature: string }) =>
    callUnary(b.billing.handleStripeEvent.bind(b.billing) as never, body) as Promise<Res>;
  const rpc = (b: RunningBilling, method: 'startTrial' | 'getAccessStatus' | 'cancelSubscription', caller: { sub: string; email: string }) =>
    callUnary(b.billing[method].bind(b.billing) as never, { caller }) as Promise<Res>;
  const ann = { sub: 'sub-ann', email: 'ann@example.com' };
  const bob = { sub: 'sub-bob', email: 'bob@example.com' };
  const cy = { sub: 'sub-cy', email: 'cy@example.com' };

  it('rejects a bad signature, a tampered body and a stale timestamp', async () => {
    const event = subscriptionEvent('evt_bad', 'customer.subscription.created', stripeSub());
    const wrongSecret = await deliver(withStripe, signed(event, { secret: 'whsec_other' }));
    expect(wrongSecret.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const good = signed(event);
    const tampered = await deliver(withStripe, { payload: Buffer.from(good.payload.toString().replace('sub-ann', 'sub-eve')), signature: good.signature });
    expect(tampered.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const stale = await deliver(withStripe, signed(event, { timestamp: nowSecs - 600 }));
    expect(stale.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(stale.err?.details).toBe('invalid Stripe signature');
    const missing = await deliver(withStripe, { payload: good.payload, signature: '' });
    expect(missing.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await withStripe.db.prisma.processedStripeEvent.count()).toBe(0);
  });

  it('subscription created turns the trial into a paid yearly plan; a duplicate delivery is ignored', async () => {
    await rpc(withStripe, 'startTrial', ann);
    const created = signed(subscriptionEvent('evt_1', 'customer.subscription.created', stripeSub()));
    const first = await deliver(withStripe, created);
    expect(first.err).toBeNull();
    expect(first.res).toEqual({ eventId: 'evt_1', duplicate: false });
    const status = (await rpc(withStripe, 'getAccessStatus', ann)).res!.status!;
    expect(status).toMatchObject({ phase: Phase.PHASE_PAID, plan: Plan.PLAN_YEARLY, totalDays: 365, remainingDays: 365 });
    expect(status.paidUntil).toEqual(new Date(clock.getTime() + 365 * DAY));
    const row = await withStripe.db.prisma.subscription.findUniqueOrThrow({ where: { sub: 'sub-ann' } });
    expect(row).toMatchObject({ stripeSubscriptionId: 'sub_ann', stripeCustomerId: 'cus_ann', phase: 'PAID', plan: 'YEARLY' });

    // Same event id again (even with other content): acknowledged, not applied.
    const again = await deliver(withStripe, signed(subscriptionEvent('evt_1', 'customer.subscription.deleted', stripeSub({ status: 'canceled' }))));
    expect(again.res).toEqual({ eventId: 'evt_1', duplicate: true });
    expect((await rpc(withStripe, 'getAccessStatus', ann)).res!.status!.phase).toBe(Phase.PHASE_PAID);
  });

  it('cancel of a paid plan tells Stripe (cancel_at_period_end) and keeps access to the period end', async () => {
    const before = fakeApi.requests.length;
    const { err, res } = await rpc(withStripe, 'cancelSubscription', ann);
    expect(err).toBeNull();
    expect(res!.status).toMatchObject({ phase: Phase.PHASE_PAID, remainingDays: 365, cancelledAt: clock });
    const call = fakeApi.requests[before]!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_ann', auth: 'Bearer sk_test_ferry' });
    expect(call.body).toBe('cancel_at_period_end=true');
    // Stripe echoes it as an update: still paid, still cancelled.
    await deliver(withStripe, signed(subscriptionEvent('evt_2', 'customer.subscription.updated', stripeSub({ cancel_at_period_end: true }))));
    const status = (await rpc(withStripe, 'getAccessStatus', ann)).res!.status!;
    expect(status.phase).toBe(Phase.PHASE_PAID);
    expect(status.cancelledAt).toEqual(clock);
  });

  it('a Stripe refusal fails the cancel (nothing recorded)', async () => {
    await rpc(withStripe, 'startTrial', cy);
    await deliver(withStripe, signed(subscriptionEvent('evt_cy', 'customer.subscription.created', stripeSub({ id: 'sub_cy', customer: 'cus_cy', metadata: { email: 'cy@example.com' } }, 30, 'month'))));
    fakeApi.failNext();
    const { err } = await rpc(withStripe, 'cancelSubscription', cy);
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    expect((await rpc(withStripe, 'getAccessStatus', cy)).res!.status!.cancelledAt).toBeUndefined();
  });

  it('without STRIPE_SECRET_KEY a paid plan is cancelled in Ferry only', async () => {
    await rpc(withoutKey, 'startTrial', bob);
    // invoice.paid (newer API shape: the subscription under parent.subscription_details) → monthly plan.
    const invoice = {
      id: 'in_bob',
      object: 'invoice',
      customer: 'cus_bob',
      parent: { subscription_details: { subscription: 'sub_bob', metadata: { sub: 'sub-bob' } } },
      lines: { data: [{ period: { start: nowSecs, end: nowSecs + 30 * 86_400 } }] },
    };
    expect((await deliver(withoutKey, signed({ id: 'evt_inv', object: 'event', type: 'invoice.paid', data: { object: invoice } }))).err).toBeNull();
    expect((await rpc(withoutKey, 'getAccessStatus', bob)).res!.status).toMatchObject({ phase: Phase.PHASE_PAID, plan: Plan.PLAN_MONTHLY, totalDays: 30 });
    const before = fakeApi.requests.length;
    const { err, res } = await rpc(withoutKey, 'cancelSubscription', bob);
    expect(err).toBeNull();
    expect(res!.status!.cancelledAt).toEqual(clock);
    expect(fakeApi.requests.length).toBe(before);
  });

  it('subscription deleted ends access; unknown accounts and other event types are acknowledged', async () => {
    const deleted = subscriptionEvent('evt_del', 'customer.subscription.deleted', stripeSub({ id: 'sub_bob', customer: 'cus_bob', status: 'canceled', ended_at: nowSecs, metadata: {} }));
    expect((await deliver(withStripe, signed(deleted))).err).toBeNull();
    expect((await rpc(withStripe, 'getAccessStatus', bob)).res!.status).toMatchObject({ phase: Phase.PHASE_EXPIRED, remainingDays: 0 });

    const stranger = await deliver(withStripe, signed(subscriptionEvent('evt_x', 'customer.subscription.created', stripeSub({ id: 'sub_x', customer: 'cus_x', metadata: {} }))));
    expect(stranger.res).toEqual({ eventId: 'evt_x', duplicate: false });
    const other = await deliver(withStripe, signed({ id: 'evt_o', object: 'event', type: 'charge.succeeded', data: { object: {} } }));
    expect(other.res).toEqual({ eventId: 'evt_o', duplicate: false });
  });
});
