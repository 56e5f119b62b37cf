import * as grpc from '@grpc/grpc-js';
import { Plan, State } from '@ferry/contracts/billing/v1';
import { waitFor } from '@ferry/testkit';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, migratedPostgres } from './harness.js';
import {
  deliver,
  payOnHostedPage,
  startPayingStack,
  WEBHOOK_SECRET,
  type Delivery,
  type PayingStack,
} from './stripe-stand-in.js';

const ORIGIN = 'http://localhost:8080';
const typeOf = (d: Delivery): string => (JSON.parse(d.payload.toString()) as { type: string }).type;
const idOf = (d: Delivery): string => (JSON.parse(d.payload.toString()) as { id: string }).id;
const resign = (d: Delivery, opts: { secret?: string; timestamp?: number; payload?: string } = {}): Delivery => {
  const payload = opts.payload ?? d.payload.toString();
  return {
    payload: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      timestamp: opts.timestamp,
    }),
  };
};

describe('Stripe webhooks from the stand-in: forged, stale, replayed and out of order', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let stack: PayingStack;
  const call = (
    method:
      | 'startTrial'
      | 'getAccessStatus'
      | 'createCheckoutSession'
      | 'cancelSubscription'
      | 'resumeSubscription'
      | 'advanceTestClock',
    req: object,
  ) => {
    const c = stack.billing.billing;
    return callUnary(c[method].bind(c) as never, req) as Promise<{
      err: grpc.ServiceError | null;
      res?: { status?: { state: State; plan: Plan }; url?: string };
    }>;
  };
  const status = async (caller: object) => (await call('getAccessStatus', { caller, language: 'en' })).res!.status!;
  const processed = () => stack.billing.db.prisma.processedStripeEvent.count();

  /** Pays for a plan with the relay holding every delivery; answers them in Stripe's order. */
  async function paidWhileHolding(caller: { sub: string; email: string }): Promise<Delivery[]> {
    stack.relay.held.length = 0;
    stack.relay.hold(true);
    await call('startTrial', { caller, language: 'en' });
    const session = await call('createCheckoutSession', {
      caller,
      plan: Plan.PLAN_YEARLY,
      successUrl: `${ORIGIN}/account?checkout=success`,
      cancelUrl: `${ORIGIN}/account`,
      language: 'en',
    });
    expect((await payOnHostedPage(session.res!.url!, '4242424242424242')).status).toBe(303);
    await waitFor(
      'the checkout events',
      async () => stack.relay.held.some((d) => typeOf(d) === 'checkout.session.completed'),
      15_000,
    );
    return [...stack.relay.held];
  }

  beforeAll(async () => {
    database = await migratedPostgres();
    stack = await startPayingStack(database.url);
  });
  afterAll(async () => {
    stack?.relay.hold(false);
    await stack?.stop();
    await database?.drop();
  });

  it('refuses a forged signature, a tampered body and a stale timestamp, and records nothing', async () => {
    const held = await paidWhileHolding({ sub: 'sub-forged', email: 'forged@example.com' });
    const completed = held.find((d) => typeOf(d) === 'checkout.session.completed')!;
    const before = await processed();
    const forged = await deliver(stack.billing, resign(completed, { secret: 'whsec_not_the_secret' }));
    expect(forged.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const tampered = await deliver(stack.billing, {
      payload: Buffer.from(completed.payload.toString().replace('sub-forged', 'sub-victim')),
      signature: completed.signature,
    });
    expect(tampered.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const stale = await deliver(stack.billing, resign(completed, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    // Dated beyond Stripe's tolerance ahead (stripe-node itself checks only the past).
    const ahead = await deliver(stack.billing, resign(completed, { timestamp: Math.floor(Date.now() / 1000) + 3600 }));
    expect(ahead.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const aheadAtTheEdge = await deliver(
      stack.billing,
      resign(completed, { timestamp: Math.floor(Date.now() / 1000) + 301 }),
    );
    expect(aheadAtTheEdge.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await processed()).toBe(before);
    // Nothing was applied (read the row: a status read would ask Stripe itself).
    expect(
      (await stack.billing.db.prisma.subscription.findUniqueOrThrow({ where: { sub: 'sub-forged' } })).stripeStatus,
    ).toBeNull();
  });

  it('stores no customer id from a signed event that Stripe does not know, or that is another account’s', async () => {
    const victim = { sub: 'sub-customer-victim', email: 'customer-victim@example.com' };
    await call('startTrial', { caller: victim, language: 'en' });
    const other = await paidWhileHolding({ sub: 'sub-customer-other', email: 'customer-other@example.com' });
    const othersCustomer = (
      JSON.parse(other.find((d) => typeOf(d) === 'checkout.session.completed')!.payload.toString()) as {
        data: { object: { customer: string } };
      }
    ).data.object.customer;
    for (const [n, customer] of [
      [1, 'cus_NotAtStripe'],
      [2, othersCustomer],
    ] as const) {
      const forged = {
        id: `evt_forged_customer_${n}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            object: 'checkout.session',
            client_reference_id: victim.sub,
            customer,
            subscription: 'sub_NotAtStripe',
          },
        },
      };
      const signed = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(forged),
        secret: WEBHOOK_SECRET,
      });
      await deliver(stack.billing, { payload: Buffer.from(JSON.stringify(forged)), signature: signed });
      expect(
        (await stack.billing.db.prisma.subscription.findUniqueOrThrow({ where: { sub: victim.sub } })).stripeCustomerId,
      ).toBeNull();
    }
  });

  it.each([
    ['as Stripe sent them (customer.subscription.* before checkout.session.completed)', 'sent'],
    ['with checkout.session.completed first and the rest newest first', 'shuffled'],
  ] as const)('events %s, then every event replayed: one correct subscription', async (_label, order) => {
    const caller = { sub: `sub-order-${order}`, email: `order-${order}@example.com` };
    const held = await paidWhileHolding(caller);
    const types = held.map(typeOf);
    expect(types.indexOf('customer.subscription.created')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('customer.subscription.created')).toBeLessThan(types.indexOf('checkout.session.completed'));
    const completed = held.filter((d) => typeOf(d) === 'checkout.session.completed');
    const deliveries =
      order === 'sent' ? held : [...completed, ...held.filter((d) => !completed.includes(d)).reverse()];
    for (const d of deliveries) expect((await deliver(stack.billing, d)).err).toBeNull();
    // The events alone stored it (read the row: a status read would ask Stripe itself).
    expect(await stack.billing.db.prisma.subscription.findUniqueOrThrow({ where: { sub: caller.sub } })).toMatchObject({
      stripeStatus: 'trialing',
      plan: 'YEARLY',
    });
    expect(await status(caller)).toMatchObject({ state: State.STATE_SCHEDULED, plan: Plan.PLAN_YEARLY });

    // Replays (Stripe delivers at least once): acknowledged as duplicates, nothing changes.
    for (const d of held) expect((await deliver(stack.billing, d)).res).toEqual({ eventId: idOf(d), duplicate: true });
    const row = await stack.billing.db.prisma.subscription.findUniqueOrThrow({ where: { sub: caller.sub } });
    const subs = await stack.stripe.subscriptions.list({ customer: row.stripeCustomerId!, status: 'all' });
    expect(subs.data).toHaveLength(1);
    expect(row.stripeSubscriptionId).toBe(subs.data[0]!.id);
    expect(await status(caller)).toMatchObject({ state: State.STATE_SCHEDULED, plan: Plan.PLAN_YEARLY });
  });

  it('a late event of an older state does not undo a newer one', async () => {
    const caller = { sub: 'sub-late', email: 'late@example.com' };
    const held = await paidWhileHolding(caller);
    for (const d of held) await deliver(stack.billing, d);
    stack.relay.held.length = 0;
    expect((await call('cancelSubscription', { caller })).res!.status!.state).toBe(State.STATE_CANCELLED);
    expect((await call('resumeSubscription', { caller })).res!.status!.state).toBe(State.STATE_SCHEDULED);
    await waitFor(
      'the cancel and resume events',
      async () => stack.relay.held.filter((d) => typeOf(d) === 'customer.subscription.updated').length >= 2,
      15_000,
    );
    const [cancelEvent, resumeEvent] = stack.relay.held.filter((d) => typeOf(d) === 'customer.subscription.updated');
    // The resume's event first, the cancel's (older) last: the plan stays resumed.
    expect((await deliver(stack.billing, resumeEvent!)).err).toBeNull();
    expect((await deliver(stack.billing, cancelEvent!)).err).toBeNull();
    expect((await status(caller)).state).toBe(State.STATE_SCHEDULED);
  });

  it('with every webhook held back, the status read after Checkout finds the payment at Stripe', async () => {
    const caller = { sub: 'sub-no-webhook', email: 'no-webhook@example.com' };
    await paidWhileHolding(caller);
    const before = await processed();
    expect(await status(caller)).toMatchObject({ state: State.STATE_SCHEDULED, plan: Plan.PLAN_YEARLY });
    expect(await processed()).toBe(before);
  });

  it('with the relay delivering again, the stand-in’s retries bring billing up to date', async () => {
    stack.relay.hold(false);
    const caller = { sub: 'sub-live', email: 'live@example.com' };
    await call('startTrial', { caller, language: 'en' });
    const session = await call('createCheckoutSession', {
      caller,
      plan: Plan.PLAN_MONTHLY,
      successUrl: `${ORIGIN}/account?checkout=success`,
      cancelUrl: `${ORIGIN}/account`,
      language: 'en',
    });
    await payOnHostedPage(session.res!.url!, '4242424242424242');
    await waitFor('the plan scheduled', async () => (await status(caller)).state === State.STATE_SCHEDULED, 15_000);
  });
});
