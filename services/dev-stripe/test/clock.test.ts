import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { advance, DAY, ferryPrices, startHarness, subscribed, T0, type Harness } from './support/harness.js';

let h: Harness;
let prices: { monthly: Stripe.Price; yearly: Stripe.Price };
beforeAll(async () => {
  h = await startHarness();
  prices = await ferryPrices(h.stripe);
});
afterAll(async () => {
  await h.server.close();
});

const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

async function eventsOf(subscription: string): Promise<string[]> {
  const all = await h.stripe.events.list({ limit: 100 });
  return all.data
    .filter((e) => {
      const o = e.data.object as {
        id?: string;
        subscription?: string;
        parent?: { subscription_details?: { subscription?: string } };
      };
      return o.id === subscription || o.parent?.subscription_details?.subscription === subscription;
    })
    .map((e) => e.type)
    .reverse();
}

describe('test clocks', () => {
  it('trial → one paid invoice at the trial end, then renewals on the anchor day', async () => {
    const { clock, customer, subscription } = await subscribed(h.stripe, prices.yearly, '4242424242424242', 90);
    const trialEnd = T0 + 90 * DAY;
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    await advance(h.stripe, clock.id, trialEnd - DAY);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('trialing');
    await advance(h.stripe, clock.id, trialEnd + DAY);
    const active = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    expect(active.items.data[0]).toMatchObject({ current_period_start: trialEnd, current_period_end: utc(2028, 4, 1) });
    const invoices = await h.stripe.invoices.list({ customer: customer.id });
    const paid = invoices.data.filter((i) => i.amount_paid > 0);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amount_paid: 1000,
      billing_reason: 'subscription_cycle',
      status: 'paid',
      period_start: trialEnd,
    });
    const types = await eventsOf(subscription.id);
    expect(types).toContain('customer.subscription.trial_will_end');
    expect(types.filter((t) => t === 'invoice.paid')).toHaveLength(2); // the 0 € trial invoice and the first paid one
    expect(types.at(-1)).toBe('customer.subscription.updated');
  });

  it('monthly renewals keep the anchor day, clamped to the end of short months', async () => {
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: utc(2027, 1, 31) });
    const customer = await h.stripe.customers.create({ email: 'monthly@example.com', test_clock: clock.id });
    const s = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: prices.monthly.id }],
      success_url: 'http://ferry.test/',
    });
    await fetch(s.url!, {
      method: 'POST',
      body: new URLSearchParams({ card_number: '4242424242424242' }),
      redirect: 'manual',
    });
    const sub = (await h.stripe.checkout.sessions.retrieve(s.id)).subscription as string;
    await advance(h.stripe, clock.id, utc(2027, 4, 1));
    const after = await h.stripe.subscriptions.retrieve(sub);
    expect(after.items.data[0]).toMatchObject({
      current_period_start: utc(2027, 3, 31),
      current_period_end: utc(2027, 4, 30),
    });
    const periods = (await h.stripe.invoices.list({ subscription: sub })).data.map((i) => i.period_start).sort();
    expect(periods).toEqual([utc(2027, 1, 31), utc(2027, 2, 28), utc(2027, 3, 31)]);
  });

  it('4000 0000 0000 0341: the trial-end charge fails → past_due, retried, then canceled', async () => {
    const { clock, subscription } = await subscribed(h.stripe, prices.monthly, '4000000000000341', 30);
    const trialEnd = T0 + 30 * DAY;
    await advance(h.stripe, clock.id, trialEnd + 60);
    const pastDue = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: trialEnd + 3 * DAY });
    await advance(h.stripe, clock.id, trialEnd + 10 * DAY);
    expect(await h.stripe.invoices.retrieve(invoice.id)).toMatchObject({
      attempt_count: 3,
      next_payment_attempt: trialEnd + 15 * DAY,
    });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await advance(h.stripe, clock.id, trialEnd + 16 * DAY);
    const canceled = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      ended_at: trialEnd + 15 * DAY,
      cancellation_details: { reason: 'payment_failed' },
    });
    const types = await eventsOf(subscription.id);
    expect(types.filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
    expect(types.at(-1)).toBe('customer.subscription.deleted');
  });

  it('cancel_at_period_end: still active until the period ends, then canceled without a new invoice', async () => {
    const { clock, customer, subscription } = await subscribed(h.stripe, prices.monthly, '4242424242424242', null);
    const end = subscription.items.data[0]!.current_period_end;
    expect(end).toBe(utc(2027, 2, 1));
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await advance(h.stripe, clock.id, end - 60);
    expect(await h.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active', cancel_at: end });
    await advance(h.stripe, clock.id, end + DAY);
    expect(await h.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'canceled', ended_at: end });
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    expect((await eventsOf(subscription.id)).at(-1)).toBe('customer.subscription.deleted');
  });

  it('a clock reads "advancing" in the answer and "ready" right after; it cannot go back', async () => {
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: T0 });
    const answer = await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + DAY });
    expect(answer.status).toBe('advancing');
    await advance(h.stripe, clock.id, T0 + 2 * DAY);
    await expect(h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('keeps customers apart: 20 checkouts at once give 20 subscriptions, one each', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => subscribed(h.stripe, prices.monthly, '4242424242424242', null)),
    );
    for (const { customer, subscription } of results) {
      const subs = await h.stripe.subscriptions.list({ customer: customer.id });
      expect(subs.data.map((s) => s.id)).toEqual([subscription.id]);
    }
    expect(new Set(results.map((r) => r.subscription.id)).size).toBe(20);
  });
});

describe('the wall clock', () => {
  it('renews a subscription on no test clock when its period has ended in real time', async () => {
    const daily = await h.stripe.prices.create({
      currency: 'eur',
      unit_amount: 7,
      recurring: { interval: 'day' },
      product_data: { name: 'Daily' },
    });
    const customer = await h.stripe.customers.create({ email: 'wall@example.com' });
    const s = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: daily.id }],
      success_url: 'http://ferry.test/',
    });
    await fetch(s.url!, {
      method: 'POST',
      body: new URLSearchParams({ card_number: '4242424242424242' }),
      redirect: 'manual',
    });
    const sub = await h.stripe.subscriptions.retrieve(
      (await h.stripe.checkout.sessions.retrieve(s.id)).subscription as string,
    );
    const end = sub.items.data[0]!.current_period_end;
    h.server.billing.runWallClock(end - 1);
    expect((await h.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);
    h.server.billing.runWallClock(end + 1);
    const renewed = await h.stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: end, current_period_end: end + DAY });
    expect((await h.stripe.invoices.list({ subscription: sub.id })).data.map((i) => i.status)).toEqual([
      'paid',
      'paid',
    ]);
  });
});
