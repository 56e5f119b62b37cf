import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { Phase, State, type AccessStatus } from '@ferry/contracts/billing/v1';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, migratedPostgres, startBilling, type RunningBilling } from './harness.js';

const SECRET = 'whsec_ferry_test_secret';
const clock = new Date('2026-11-22T12:00:00.000Z');
const nowSecs = Math.floor(clock.getTime() / 1000);

/** A stand-in for api.stripe.com that records every request (these tests expect none). */
async function startFakeStripeApi() {
  const requests: { method: string; path: string; body: string; auth: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, auth: req.headers.authorization ?? '' });
      res.setHeader('content-type', 'application/json');
      const id = /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? 'sub_x';
      res.end(JSON.stringify({ id, object: 'subscription', cancel_at_period_end: true, status: 'active' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { port, requests, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

function signed(event: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp ?? nowSecs,
  });
  return { payload: Buffer.from(payload), signature };
}

const subscriptionEvent = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: 'event',
  type,
  data: { object },
});
const stripeSub = (over: Record<string, unknown> = {}, days = 365, interval = 'year') => ({
  id: 'sub_ann',
  object: 'subscription',
  customer: 'cus_ann',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { sub: 'sub-ann' },
  items: {
    data: [
      {
        current_period_start: nowSecs,
        current_period_end: nowSecs + days * 86_400,
        price: { recurring: { interval } },
      },
    ],
  },
  ...over,
});

describe('Stripe webhook signatures and ids', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let withStripe: RunningBilling;
  let withoutKey: RunningBilling;
  let fakeApi: Awaited<ReturnType<typeof startFakeStripeApi>>;

  beforeAll(async () => {
    database = await migratedPostgres();
    fakeApi = await startFakeStripeApi();
    const stripe = new Stripe('sk_test_ferry', {
      host: '127.0.0.1',
      port: fakeApi.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      timeout: 5000,
    });
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
  const rpc = (
    b: RunningBilling,
    method: 'startTrial' | 'getAccessStatus' | 'cancelSubscription',
    caller: { sub: string; email: string },
  ) => callUnary(b.billing[method].bind(b.billing) as never, { caller }) as Promise<Res>;
  const bob = { sub: 'sub-bob', email: 'bob@example.com' };

  it('rejects a bad signature, a tampered body and a stale timestamp', async () => {
    const event = subscriptionEvent('evt_bad', 'customer.subscription.created', stripeSub());
    const wrongSecret = await deliver(withStripe, signed(event, { secret: 'whsec_other' }));
    expect(wrongSecret.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const good = signed(event);
    const tampered = await deliver(withStripe, {
      payload: Buffer.from(good.payload.toString().replace('sub-ann', 'sub-eve')),
      signature: good.signature,
    });
    expect(tampered.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const stale = await deliver(withStripe, signed(event, { timestamp: nowSecs - 600 }));
    expect(stale.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(stale.err?.details).toBe('invalid Stripe signature');
    const missing = await deliver(withStripe, { payload: good.payload, signature: '' });
    expect(missing.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await withStripe.db.prisma.processedStripeEvent.count()).toBe(0);
  });

  it('processes each event id once; unknown accounts and unused types are acknowledged', async () => {
    const stranger = signed(
      subscriptionEvent(
        'evt_x',
        'customer.subscription.created',
        stripeSub({ id: 'sub_x', customer: 'cus_x', metadata: {} }),
      ),
    );
    expect((await deliver(withStripe, stranger)).res).toEqual({ eventId: 'evt_x', duplicate: false });
    expect((await deliver(withStripe, stranger)).res).toEqual({ eventId: 'evt_x', duplicate: true });
    const other = await deliver(
      withStripe,
      signed({ id: 'evt_o', object: 'event', type: 'charge.succeeded', data: { object: {} } }),
    );
    expect(other.res).toEqual({ eventId: 'evt_o', duplicate: false });
    // The unknown subscription was never read from Stripe: nothing to store.
    expect(fakeApi.requests).toEqual([]);
  });

  it('cancelling a trial is recorded in Ferry only', async () => {
    await rpc(withoutKey, 'startTrial', bob);
    const { err, res } = await rpc(withoutKey, 'cancelSubscription', bob);
    expect(err).toBeNull();
    expect(res!.status).toMatchObject({ phase: Phase.PHASE_TRIAL, state: State.STATE_CANCELLED, cancelledAt: clock });
    expect(fakeApi.requests).toEqual([]);
  });
});
