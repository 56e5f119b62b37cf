import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { DAY, ferryPrices, payOnHostedPage, startHarness, subscribed, T0, type Harness } from './support/harness.js';

let h: Harness;
let prices: { monthly: Stripe.Price; yearly: Stripe.Price };
beforeAll(async () => {
  h = await startHarness();
  prices = await ferryPrices(h.stripe);
});
afterAll(async () => {
  await h.server.close();
});

async function session(
  trialDays: number | null = null,
  price = prices.yearly,
): Promise<{ session: Stripe.Checkout.Session; customer: Stripe.Customer }> {
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: T0 });
  const customer = await h.stripe.customers.create({ email: 'page@example.com', test_clock: clock.id });
  const created = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://ferry.test/account?checkout=success',
    cancel_url: 'http://ferry.test/account?checkout=cancelled',
    ...(trialDays ? { subscription_data: { trial_end: T0 + trialDays * DAY } } : {}),
  });
  return { session: created, customer };
}

describe('hosted Checkout', () => {
  it('shows the plan, a labelled "Card number" field, a "Pay" button and "Back" to cancel_url', async () => {
    const { session: s } = await session();
    const html = await (await fetch(s.url!)).text();
    expect(html).toContain('<label for="card_number">Card number</label>');
    expect(html).toMatch(/<input id="card_number" name="card_number"/);
    expect(html).toMatch(/<button[^>]*type="submit">Pay<\/button>/);
    expect(html).toContain('href="http://ferry.test/account?checkout=cancelled"');
    expect(html).toContain('€10.00');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('4242 4242 4242 4242 pays and redirects to success_url; the session completes with a paid subscription', async () => {
    const { session: s } = await session();
    const paid = await payOnHostedPage(s.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe('http://ferry.test/account?checkout=success');
    const done = await h.stripe.checkout.sessions.retrieve(s.id, { expand: ['subscription.latest_invoice'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]!.current_period_end).toBe(Date.UTC(2028, 0, 1) / 1000);
    expect(sub.latest_invoice as Stripe.Invoice).toMatchObject({ status: 'paid', amount_paid: 1000 });
    const again = await payOnHostedPage(s.url!, '4242 4242 4242 4242');
    expect(again).toMatchObject({ status: 303, location: 'http://ferry.test/account?checkout=success' });
    expect((await h.stripe.subscriptions.list({ customer: done.customer as string })).data).toHaveLength(1);
  });

  it('4000 0000 0000 0002 is declined with "Your card was declined." and the session stays open', async () => {
    const { session: s, customer } = await session();
    const declined = await payOnHostedPage(s.url!, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(declined.html).toContain('role="alert"');
    expect((await h.stripe.checkout.sessions.retrieve(s.id)).status).toBe('open');
    expect((await h.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
    expect((await payOnHostedPage(s.url!, '4242424242424242')).status).toBe(303);
  });

  it('4000 0000 0000 0341 is declined when a first payment is due now, attached during a trial', async () => {
    const { session: now } = await session();
    expect((await payOnHostedPage(now.url!, '4000000000000341')).html).toContain('Your card was declined.');
    const { session: trial } = await session(30);
    expect((await payOnHostedPage(trial.url!, '4000000000000341')).status).toBe(303);
  });

  it('says what is wrong with a mistyped number', async () => {
    const { session: s } = await session();
    expect((await payOnHostedPage(s.url!, '4242 4242 4242 4241')).html).toContain('Your card number is invalid.');
  });

  it('refuses a trial_end less than 48 hours away, as Stripe does', async () => {
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: T0 });
    const customer = await h.stripe.customers.create({ test_clock: clock.id });
    const create = (trialEnd: number) =>
      h.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: prices.monthly.id }],
        success_url: 'http://ferry.test/',
        subscription_data: { trial_end: trialEnd },
      });
    await expect(create(T0 + 2 * DAY - 60)).rejects.toMatchObject({
      statusCode: 400,
      param: 'subscription_data[trial_end]',
    });
    await expect(create(T0 + 2 * DAY + 60)).resolves.toMatchObject({ status: 'open' });
  });

  it('an expired session cannot be paid', async () => {
    const { session: s } = await session();
    await h.stripe.checkout.sessions.expire(s.id);
    const res = await payOnHostedPage(s.url!, '4242424242424242');
    expect(res.status).toBe(402);
    await expect(h.stripe.checkout.sessions.expire(s.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('customer portal', () => {
  async function portal(): Promise<{ url: string; sub: Stripe.Subscription; customer: Stripe.Customer }> {
    const { customer, subscription } = await subscribed(h.stripe, prices.monthly, '4242424242424242', null);
    const p = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://ferry.test/account',
    });
    return { url: p.url, sub: subscription, customer };
  }
  const post = (url: string, body: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      body: new URLSearchParams(body),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).then(async (r) => ({ status: r.status, html: await r.text() }));

  it('shows the plan, renewal date, card, invoices and "Return to Ferry"', async () => {
    const { url } = await portal();
    const html = await (await fetch(url)).text();
    expect(html).toContain('Ferry Pro');
    expect(html).toContain('€2.00');
    expect(html).toContain('Renews on');
    expect(html).toContain('February 1, 2027');
    expect(html).toContain('VISA •••• 4242');
    expect(html).toContain(
      '<a class="back" href="http://ferry.test/account"><span aria-hidden="true">←</span> Return to Ferry</a>',
    );
  });

  it('cancels at period end and renews again', async () => {
    const { url, sub } = await portal();
    expect((await post(`${url}/cancel`)).html).toContain('Cancels on');
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      cancel_at_period_end: true,
      status: 'active',
    });
    expect((await post(`${url}/resume`)).html).toContain('Renews on');
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
  });

  it('switches monthly to yearly: a new yearly period starts now and is invoiced', async () => {
    const { url, sub } = await portal();
    const page = await (await fetch(url)).text();
    expect(page).toContain(`value="${prices.yearly.id}"`);
    await post(`${url}/switch`, { price: prices.yearly.id });
    const after = await h.stripe.subscriptions.retrieve(sub.id);
    expect(after.items.data[0]!.price.id).toBe(prices.yearly.id);
    expect(after.items.data[0]!.current_period_end).toBe(Date.UTC(2028, 0, 1) / 1000);
    const latest = await h.stripe.invoices.retrieve(after.latest_invoice as string);
    expect(latest).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
  });

  it('updates the card; a declined one changes nothing', async () => {
    const { url, customer } = await portal();
    const bad = await post(`${url}/card`, { card_number: '4000000000000002' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Your card was declined.');
    const good = await post(`${url}/card`, { card_number: '5555555555554444' });
    expect(good.html).toContain('MASTERCARD •••• 4444');
    const updated = (await h.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(updated.invoice_settings.default_payment_method).toMatch(/^pm_/);
  });

  it('answers 404 for an unknown session', async () => {
    expect((await fetch(`${h.server.url}/p/session/bps_unknown`)).status).toBe(404);
  });
});
