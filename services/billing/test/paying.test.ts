import * as grpc from '@grpc/grpc-js';
import { AccountNoticeKind } from '@ferry/contracts/notification/v1';
import { Phase, Plan, State, type AccessStatus } from '@ferry/contracts/billing/v1';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { DAY_MS } from '../src/domain/access.js';
import { ensurePrices } from '../src/stripe/prices.js';
import { callUnary, migratedPostgres } from './harness.js';
import { payOnHostedPage, startPayingStack, type PayingStack } from './stripe-stand-in.js';

const DAY_S = 86_400;
const ORIGIN = 'http://localhost:8080';
const urls = {
  successUrl: `${ORIGIN}/account?checkout=success`,
  cancelUrl: `${ORIGIN}/account?checkout=cancelled`,
  language: 'en',
};

type Caller = { sub: string; email: string };
let n = 0;
/** Stripe counts whole seconds. */
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
const newCaller = (): Caller => ({ sub: `sub-${++n}-${Date.now()}`, email: `user${n}.${Date.now()}@example.com` });

describe('paying through Stripe (the stand-in, driven by Stripe’s own SDK)', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let stack: PayingStack;
  const rpc = <
    K extends
      | 'startTrial'
      | 'getAccessStatus'
      | 'cancelSubscription'
      | 'resumeSubscription'
      | 'createCheckoutSession'
      | 'createPortalSession'
      | 'advanceTestClock'
      | 'listPlans',
  >(
    method: K,
    req: object,
  ) => {
    const client = stack.billing.billing;
    return callUnary(client[method].bind(client) as never, req) as Promise<{
      err: grpc.ServiceError | null;
      res?: Record<string, unknown> & { status?: AccessStatus; url?: string };
    }>;
  };
  const status = async (caller: Caller) => (await rpc('getAccessStatus', { caller, language: 'en' })).res!.status!;
  const advance = async (caller: Caller, days: number) => {
    const r = await rpc('advanceTestClock', { caller, seconds: String(Math.round(days * DAY_S)) });
    expect(r.err).toBeNull();
    return r.res!.status!;
  };
  const checkout = (caller: Caller, plan: Plan) => rpc('createCheckoutSession', { caller, plan, ...urls });
  const row = (caller: Caller) =>
    stack.billing.db.prisma.subscription.findUniqueOrThrow({ where: { sub: caller.sub } });
  const subscriptionsAtStripe = async (caller: Caller) =>
    (await stack.stripe.subscriptions.list({ customer: (await row(caller)).stripeCustomerId!, status: 'all' })).data;
  const waitForState = (caller: Caller, state: State) =>
    waitFor(`state ${State[state]}`, async () => (await status(caller)).state === state, 15_000);

  /** A trial started now, paid for `plan` with `card` through the hosted Checkout page. */
  async function subscribe(plan: Plan, card = '4242424242424242', trialDaysUsed = 0): Promise<Caller> {
    const caller = newCaller();
    expect((await rpc('startTrial', { caller, language: 'de' })).err).toBeNull();
    if (trialDaysUsed > 0) await advance(caller, trialDaysUsed);
    const session = await checkout(caller, plan);
    expect(session.err).toBeNull();
    const paid = await payOnHostedPage(session.res!.url!, card);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(urls.successUrl);
    return caller;
  }

  beforeAll(async () => {
    database = await migratedPostgres();
    stack = await startPayingStack(database.url);
  });
  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
  });

  it('lists the two prices from Stripe by lookup key; setup creates them once', async () => {
    const { res, err } = await rpc('listPlans', {});
    expect(err).toBeNull();
    expect(res!.plans).toEqual([
      { plan: Plan.PLAN_MONTHLY, unitAmount: '200', currency: 'eur', interval: 'month', bestValue: false },
      { plan: Plan.PLAN_YEARLY, unitAmount: '1000', currency: 'eur', interval: 'year', bestValue: true },
    ]);
    await ensurePrices(stack.stripe);
    const prices = await stack.stripe.prices.list({ limit: 100 });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual(['ferry_monthly_eur', 'ferry_yearly_eur']);
    expect((await stack.stripe.products.list({ limit: 100 })).data).toHaveLength(1);
  });

  it('Checkout uses Stripe Tax on tax-inclusive prices: the address, a VAT number, the VAT on the invoice', async () => {
    const prices = await stack.stripe.prices.list({ limit: 100 });
    expect(prices.data.map((p) => p.tax_behavior)).toEqual(['inclusive', 'inclusive']);
    const caller = newCaller();
    expect((await rpc('startTrial', { caller, language: 'de' })).err).toBeNull();
    await advance(caller, 89);
    const created = await checkout(caller, Plan.PLAN_MONTHLY);
    expect(created.err).toBeNull();
    const session = await stack.stripe.checkout.sessions.retrieve((await row(caller)).checkoutSessionId!);
    expect(session).toMatchObject({
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      billing_address_collection: 'required',
    });
    const paid = await payOnHostedPage(created.res!.url!, '4242424242424242', { vat_number: 'DE123456789' });
    expect(paid.status).toBe(303);
    await waitForState(caller, State.STATE_ACTIVE);
    const customer = (await stack.stripe.customers.retrieve((await row(caller)).stripeCustomerId!, {
      expand: ['tax_ids'],
    })) as Stripe.Customer;
    expect(customer.address?.country).toBe('DE');
    expect(customer.tax_ids?.data.map((t) => t.value)).toEqual(['DE123456789']);
    const [invoice] = (await stack.stripe.invoices.list({ customer: customer.id, status: 'paid' })).data;
    expect(invoice).toMatchObject({ total: 200, total_excluding_tax: 168, automatic_tax: { enabled: true } });
    expect(invoice!.total_taxes?.map((t) => [t.amount, t.taxability_reason])).toEqual([[32, 'standard_rated']]);
  });

  it('a trial user who pays yearly keeps the trial; paid time starts at its end, with one invoice paid then', async () => {
    const caller = await subscribe(Plan.PLAN_YEARLY, '4242424242424242', 10);
    await waitForState(caller, State.STATE_SCHEDULED);
    const trialEnd = (await row(caller)).trialEndsAt!;
    expect(await status(caller)).toMatchObject({
      phase: Phase.PHASE_TRIAL,
      plan: Plan.PLAN_YEARLY,
      remainingDays: 80,
      startsAt: toSecond(trialEnd),
    });
    const subs = await subscriptionsAtStripe(caller);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      status: 'trialing',
      trial_end: Math.floor(trialEnd.getTime() / 1000),
      metadata: { ferry_sub: caller.sub },
    });

    const active = await advance(caller, 81);
    // A calendar year, as Stripe counts it: 366 days when it holds a 29 February.
    const yearLater = new Date(
      Date.UTC(
        trialEnd.getUTCFullYear() + 1,
        trialEnd.getUTCMonth(),
        // 29 February renews on 28 February.
        Math.min(
          trialEnd.getUTCDate(),
          new Date(Date.UTC(trialEnd.getUTCFullYear() + 1, trialEnd.getUTCMonth() + 1, 0)).getUTCDate(),
        ),
        trialEnd.getUTCHours(),
        trialEnd.getUTCMinutes(),
        trialEnd.getUTCSeconds(),
      ),
    );
    expect(active).toMatchObject({
      phase: Phase.PHASE_PAID,
      state: State.STATE_ACTIVE,
      plan: Plan.PLAN_YEARLY,
      totalDays: Math.round((yearLater.getTime() - trialEnd.getTime()) / DAY_MS),
    });
    expect(Math.abs(active.paidUntil!.getTime() - yearLater.getTime())).toBeLessThan(1000);
    const invoices = (await stack.stripe.invoices.list({ customer: (await row(caller)).stripeCustomerId! })).data;
    expect(invoices.filter((i) => i.status === 'paid' && i.amount_paid > 0).map((i) => i.amount_paid)).toEqual([1000]);
    // Checkout again: already subscribed.
    expect((await checkout(caller, Plan.PLAN_MONTHLY)).err?.code).toBe(grpc.status.ALREADY_EXISTS);
  });

  it('in the last 2 days of the trial the paid period starts at once', async () => {
    const caller = await subscribe(Plan.PLAN_MONTHLY, '4242424242424242', 89);
    await waitForState(caller, State.STATE_ACTIVE);
    const active = await status(caller);
    expect(active).toMatchObject({ phase: Phase.PHASE_PAID, plan: Plan.PLAN_MONTHLY });
    // A calendar month from now (the trial's last day was not waited for).
    expect(active.totalDays).toBeGreaterThanOrEqual(28);
    expect(active.totalDays).toBeLessThanOrEqual(31);
  });

  it('a double click opens one Checkout, and ends in one subscription and one charge', async () => {
    const caller = newCaller();
    await rpc('startTrial', { caller, language: 'en' });
    const [a, b] = await Promise.all([checkout(caller, Plan.PLAN_MONTHLY), checkout(caller, Plan.PLAN_MONTHLY)]);
    expect(a.err).toBeNull();
    expect(b.res!.url).toBe(a.res!.url);
    expect((await payOnHostedPage(a.res!.url!, '4242424242424242')).status).toBe(303);
    await waitForState(caller, State.STATE_SCHEDULED);
    expect(await subscriptionsAtStripe(caller)).toHaveLength(1);
    await advance(caller, 91);
    const invoices = (await stack.stripe.invoices.list({ customer: (await row(caller)).stripeCustomerId! })).data;
    expect(invoices.filter((i) => i.status === 'paid' && i.amount_paid > 0)).toHaveLength(1);
  });

  it('two Checkouts both paid (two tabs) leave one subscription: the second is cancelled at Stripe', async () => {
    const caller = newCaller();
    await rpc('startTrial', { caller, language: 'en' });
    const monthly = await checkout(caller, Plan.PLAN_MONTHLY);
    const yearly = await checkout(caller, Plan.PLAN_YEARLY);
    expect(yearly.res!.url).not.toBe(monthly.res!.url);
    await payOnHostedPage(monthly.res!.url!, '4242424242424242');
    await waitForState(caller, State.STATE_SCHEDULED);
    await payOnHostedPage(yearly.res!.url!, '4242424242424242');
    await waitFor(
      'the second subscription cancelled at Stripe',
      async () =>
        (await subscriptionsAtStripe(caller)).filter((s) => s.status !== 'canceled').length === 1 &&
        (await subscriptionsAtStripe(caller)).length === 2,
      15_000,
    );
    expect(await status(caller)).toMatchObject({ state: State.STATE_SCHEDULED, plan: Plan.PLAN_MONTHLY });
  });

  it('a declined card leaves the trial unchanged, with Stripe’s message', async () => {
    const caller = newCaller();
    await rpc('startTrial', { caller, language: 'en' });
    const session = await checkout(caller, Plan.PLAN_YEARLY);
    const declined = await payOnHostedPage(session.res!.url!, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(await status(caller)).toMatchObject({
      phase: Phase.PHASE_TRIAL,
      state: State.STATE_TRIAL,
      plan: Plan.PLAN_TRIAL,
    });
    // The session stays open: choosing the plan again goes back to it.
    expect((await checkout(caller, Plan.PLAN_YEARLY)).res!.url).toBe(session.res!.url);
  });

  it('cancel keeps access to the period end at Stripe too; resume brings the plan back; a cancelled plan ends', async () => {
    const caller = await subscribe(Plan.PLAN_MONTHLY, '4242424242424242', 89);
    await waitForState(caller, State.STATE_ACTIVE);
    const paidUntil = (await status(caller)).paidUntil;
    const cancelled = await rpc('cancelSubscription', { caller });
    expect(cancelled.err).toBeNull();
    expect(cancelled.res!.status).toMatchObject({ phase: Phase.PHASE_PAID, state: State.STATE_CANCELLED, paidUntil });
    expect((await subscriptionsAtStripe(caller))[0]!.cancel_at_period_end).toBe(true);
    expect((await status(caller)).state).toBe(State.STATE_CANCELLED);

    const resumed = await rpc('resumeSubscription', { caller });
    expect(resumed.err).toBeNull();
    expect(resumed.res!.status).toMatchObject({ state: State.STATE_ACTIVE });
    expect(resumed.res!.status!.cancelledAt).toBeUndefined();
    expect((await subscriptionsAtStripe(caller))[0]!.cancel_at_period_end).toBe(false);
    expect((await rpc('resumeSubscription', { caller })).err?.code).toBe(grpc.status.FAILED_PRECONDITION);

    await rpc('cancelSubscription', { caller });
    const ended = await advance(caller, 32);
    expect(ended).toMatchObject({ phase: Phase.PHASE_EXPIRED, state: State.STATE_EXPIRED });
    expect((await subscriptionsAtStripe(caller))[0]!.status).toBe('canceled');
  });

  it('a failed renewal gives 7 days of grace, then expires', async () => {
    // 4000000000000341: the card is attached, every later charge fails.
    const caller = await subscribe(Plan.PLAN_MONTHLY, '4000000000000341', 10);
    await waitForState(caller, State.STATE_SCHEDULED);
    const pastDue = await advance(caller, 81);
    expect(pastDue).toMatchObject({ phase: Phase.PHASE_PAID, state: State.STATE_PAST_DUE });
    const trialEnd = (await row(caller)).trialEndsAt!;
    expect(pastDue.graceUntil).toEqual(new Date(toSecond(trialEnd).getTime() + 7 * DAY_MS));
    expect(await advance(caller, 7)).toMatchObject({ phase: Phase.PHASE_EXPIRED, state: State.STATE_EXPIRED });
  });

  it('the portal opens for a customer and returns; without one it is refused', async () => {
    const caller = await subscribe(Plan.PLAN_YEARLY);
    const portal = await rpc('createPortalSession', { caller, returnUrl: `${ORIGIN}/account`, language: 'de' });
    expect(portal.err).toBeNull();
    // A double click within the same minute opens the same session (its idempotency key).
    const minute = Math.floor(Date.now() / 60_000);
    const first = await rpc('createPortalSession', { caller, returnUrl: `${ORIGIN}/account`, language: 'de' });
    const again = await rpc('createPortalSession', { caller, returnUrl: `${ORIGIN}/account`, language: 'de' });
    if (Math.floor(Date.now() / 60_000) === minute) expect(again.res!.url).toBe(first.res!.url);
    const page = await fetch(portal.res!.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${ORIGIN}/account`);
    const stranger = newCaller();
    await rpc('startTrial', { caller: stranger, language: 'en' });
    expect(
      (await rpc('createPortalSession', { caller: stranger, returnUrl: `${ORIGIN}/account`, language: 'en' })).err
        ?.code,
    ).toBe(grpc.status.FAILED_PRECONDITION);
  });

  it('the reminder loop finds due reminders by itself, on each account’s clock, and sends each once', async () => {
    const soon = newCaller();
    const ahead = newCaller();
    const later = newCaller();
    for (const caller of [soon, ahead, later]) await rpc('startTrial', { caller, language: 'sv' });
    const prisma = stack.billing.db.prisma;
    // One trial ends in 6 days by its dates, one by its clock (84 days ahead), one in 80 days.
    await prisma.subscription.update({
      where: { sub: soon.sub },
      data: { trialEndsAt: new Date(Date.now() + 6 * DAY_MS) },
    });
    await prisma.subscription.update({ where: { sub: ahead.sub }, data: { clockOffsetMs: BigInt(84 * DAY_MS) } });
    await prisma.subscription.update({ where: { sub: later.sub }, data: { clockOffsetMs: BigInt(10 * DAY_MS) } });
    const loop = stack.billing.server.reminders!;
    expect(await loop.runOnce()).toBeGreaterThanOrEqual(2);
    const to = (c: Caller) => stack.notices.filter((r) => r.email === c.email).map((r) => r.kind);
    expect(to(soon)).toEqual([AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS]);
    expect(to(ahead)).toEqual([AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS]);
    expect(to(later)).toEqual([]);
    await loop.runOnce();
    expect(to(soon)).toHaveLength(1);
    expect(to(ahead)).toHaveLength(1);
    expect((await row(soon)).reminder7dSentAt).not.toBeNull();
  });

  it('sends the three trial reminders once each, in the account’s language, as the clock moves', async () => {
    const caller = newCaller();
    await rpc('startTrial', { caller, language: 'de' });
    const mine = () => stack.notices.filter((r) => r.email === caller.email);
    await advance(caller, 82);
    expect(mine()).toEqual([]);
    await advance(caller, 1);
    expect(mine().map((r) => r.kind)).toEqual([AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS]);
    expect(mine()[0]).toMatchObject({
      language: 'de',
      accountUrl: `${ORIGIN}/account`,
      trialEndsAt: (await row(caller)).trialEndsAt,
    });
    await advance(caller, 1);
    await stack.billing.server.reminders!.runOnce();
    expect(mine()).toHaveLength(1);
    await advance(caller, 5.5);
    await advance(caller, 1);
    await stack.billing.server.reminders!.runOnce();
    expect(mine().map((r) => r.kind)).toEqual([
      AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS,
      AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_1_DAY,
      AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDED,
    ]);
    expect(new Set(mine().map((r) => r.idempotencyKey)).size).toBe(3);
    expect(await status(caller)).toMatchObject({ phase: Phase.PHASE_EXPIRED, state: State.STATE_EXPIRED });
    // Someone who paid gets none.
    const payer = await subscribe(Plan.PLAN_YEARLY, '4242424242424242', 0);
    await waitForState(payer, State.STATE_SCHEDULED);
    await advance(payer, 89.5);
    expect(stack.notices.filter((r) => r.email === payer.email)).toEqual([]);
  });
});
