/**
 * Stripe's own SDK against the stand-in, for every call Ferry makes; each request (decoded form or
 * query) and each answer is checked against the pinned extract of Stripe's OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { advance, DAY, payOnHostedPage, startHarness, T0, type Harness } from './support/harness.js';
import { StripeContract } from './support/contract.js';

let h: Harness;
const contract = new StripeContract();

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.server.close();
});

describe('the extract', () => {
  it('names the commit of stripe/openapi it came from and the API version it is patched to', () => {
    const ferry = contract.extract['x-ferry'] as {
      source: { commit: string; repository: string };
      targetApiVersion: string;
    };
    expect(ferry.source.repository).toBe('https://github.com/stripe/openapi');
    expect(ferry.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(ferry.targetApiVersion).toBe(Stripe.API_VERSION);
  });

  it('finds a wrong answer (the check can fail)', () => {
    const bad = contract.check({
      method: 'GET',
      path: '/v1/prices/price_1',
      params: {},
      status: 200,
      body: { id: 'price_1', object: 'price', unit_amount: 'two' },
    });
    expect(bad.problems.length).toBeGreaterThan(0);
    const unknownParam = contract.check({
      method: 'POST',
      path: '/v1/customers',
      params: { colour: 'blue' },
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'x' } },
    });
    expect(unknownParam.problems.join()).toContain('additionalProperties');
    const badEvent = contract.checkEvent({ data: { object: { object: 'subscription', id: 7 } } });
    expect(badEvent.schema).toBe('subscription');
    expect(badEvent.problems.length).toBeGreaterThan(1);
  });
});

describe("every call Ferry makes, with Stripe's SDK", () => {
  it('runs the whole life of a subscription and every exchange matches the document', async () => {
    const { stripe } = h;
    // Setup command: prices by lookup key, created idempotently, found again by key.
    const product = await stripe.products.create(
      { name: 'Ferry Pro', metadata: { app: 'ferry' } },
      { idempotencyKey: 'setup-product' },
    );
    await stripe.products.retrieve(product.id);
    await stripe.products.list({ limit: 3 });
    const monthly = await stripe.prices.create(
      {
        product: product.id,
        currency: 'eur',
        unit_amount: 200,
        recurring: { interval: 'month' },
        lookup_key: 'ferry_monthly_eur',
        transfer_lookup_key: true,
        nickname: 'Monthly',
      },
      { idempotencyKey: 'setup-monthly' },
    );
    const yearly = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 1000,
      recurring: { interval: 'year' },
      lookup_key: 'ferry_yearly_eur',
      product_data: { name: 'Ferry Pro (Annual)' },
    });
    const byKey = await stripe.prices.list({
      lookup_keys: ['ferry_monthly_eur', 'ferry_yearly_eur'],
      active: true,
      expand: ['data.product'],
    });
    expect(byKey.data.map((p) => p.lookup_key).sort()).toEqual(['ferry_monthly_eur', 'ferry_yearly_eur']);
    expect((byKey.data[0]!.product as Stripe.Product).object).toBe('product');
    await stripe.prices.retrieve(monthly.id);
    await stripe.prices.update(monthly.id, { metadata: { plan: 'monthly' } });

    // A customer on a test clock, as billing makes one per account.
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: T0, name: 'account acc_1' });
    const customer = await stripe.customers.create(
      { email: 'ada@example.com', metadata: { account: 'acc_1' }, test_clock: clock.id },
      { idempotencyKey: 'customer-acc_1' },
    );
    await stripe.customers.retrieve(customer.id);
    await stripe.customers.update(customer.id, { metadata: { language: 'de' }, preferred_locales: ['de'] });
    await stripe.customers.list({ email: 'ada@example.com' });

    // Checkout in subscription mode during the trial: paid time starts at the trial's end.
    const trialEnd = T0 + 30 * DAY;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: 'acc_1',
        line_items: [{ price: yearly.id, quantity: 1 }],
        metadata: { account: 'acc_1' },
        subscription_data: { trial_end: trialEnd, metadata: { account: 'acc_1' } },
        success_url: 'http://ferry.test/account?checkout=success&session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://ferry.test/account?checkout=cancelled',
        locale: 'de',
      },
      { idempotencyKey: 'checkout-acc_1-1' },
    );
    const other = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'bob@example.com',
      line_items: [{ price: monthly.id }],
      success_url: 'http://ferry.test/ok',
    });
    await stripe.checkout.sessions.expire(other.id);
    const paid = await payOnHostedPage(session.url!, '4242 4242 4242 4242');
    expect(paid.location).toBe(`http://ferry.test/account?checkout=success&session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'subscription'] });
    expect(done.status).toBe('complete');
    await stripe.checkout.sessions.list({ customer: customer.id });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('trialing');
    expect(sub.items.data[0]!.current_period_end).toBe(trialEnd);

    // The account page and the webhook handler read the subscription and its invoices.
    await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 10 });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }, { idempotencyKey: 'cancel-acc_1' });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }, { idempotencyKey: 'resume-acc_1' });
    await advance(stripe, clock.id, trialEnd + DAY);
    const afterTrial = await stripe.subscriptions.retrieve(sub.id);
    expect(afterTrial.status).toBe('active');
    const switched = await stripe.subscriptions.update(sub.id, {
      items: [{ id: afterTrial.items.data[0]!.id, price: monthly.id }],
      proration_behavior: 'create_prorations',
    });
    expect(switched.items.data[0]!.price.id).toBe(monthly.id);
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices.data.length).toBeGreaterThanOrEqual(2);
    await stripe.invoices.retrieve(invoices.data[0]!.id);
    await stripe.invoices.list({ subscription: sub.id, status: 'paid' });

    // Manage billing.
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://ferry.test/account',
    });
    expect(portal.url).toMatch(/^http:\/\/localhost:\d+\/p\/session\/bps_/);

    // Events and webhook endpoints.
    const events = await stripe.events.list({ type: 'customer.subscription.updated', limit: 5 });
    await stripe.events.retrieve(events.data[0]!.id);
    await stripe.events.list({ types: ['invoice.paid', 'invoice.payment_failed'], created: { gte: T0 } });
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:9/hook',
      enabled_events: ['checkout.session.completed'],
    });
    await stripe.webhookEndpoints.list();
    await stripe.webhookEndpoints.retrieve(endpoint.id);
    await stripe.webhookEndpoints.del(endpoint.id);

    // Cancel now, and the clock goes.
    await stripe.subscriptions.cancel(sub.id);
    await stripe.testHelpers.testClocks.retrieve(clock.id);
    await stripe.testHelpers.testClocks.del(clock.id);

    // Errors keep Stripe's shape too.
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(
      stripe.prices.create({ currency: 'eur', unit_amount: 200 } as Stripe.PriceCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'product', statusCode: 400 });

    const problems = h.exchanges
      .map((e) => ({ e: `${e.method} ${e.path} → ${e.status}`, ...contract.check(e) }))
      .filter((r) => r.problems.length > 0);
    expect(problems).toEqual([]);
    const used = new Set(h.exchanges.map((e) => contract.check(e).operation));
    expect(contract.operationKeys.filter((k) => !used.has(k))).toEqual([]);

    // What webhooks deliver: every event of the run, envelope and object.
    const checked = h.server.store.events.map((e) => ({ type: e.type, ...contract.checkEvent(e as never) }));
    expect(checked.filter((c) => c.problems.length > 0)).toEqual([]);
    const validatedObjects = new Set(checked.map((c) => c.schema));
    for (const name of [
      'checkout.session',
      'subscription',
      'invoice',
      'customer',
      'price',
      'product',
      'test_helpers.test_clock',
    ])
      expect(validatedObjects).toContain(name);
  });
});
