import { afterEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { ferryPrices, startHarness, startReceiver, subscribed, waitFor, type Harness } from './support/harness.js';

const WEBHOOK_SECRET = 'whsec_harness0123456789abcdef';
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function withReceiver(
  status?: (n: number) => number,
  retry = { baseMs: 20, maxMs: 200 },
): Promise<{ h: Harness; receiver: Awaited<ReturnType<typeof startReceiver>> }> {
  const receiver = await startReceiver(status);
  const h = await startHarness({ webhook: { url: receiver.url, secret: WEBHOOK_SECRET }, retry });
  cleanup.push(
    () => receiver.close(),
    () => h.server.close(),
  );
  return { h, receiver };
}

describe('webhooks', () => {
  it("are signed as Stripe signs them: the SDK's constructEvent accepts each one, and rejects a wrong secret", async () => {
    const { h, receiver } = await withReceiver();
    const { yearly } = await ferryPrices(h.stripe);
    const { subscription } = await subscribed(h.stripe, yearly, '4242424242424242', 30);
    const completed = await waitFor('checkout.session.completed', () =>
      receiver.received.find((r) => r.body.includes('"checkout.session.completed"')),
    );
    const event = h.stripe.webhooks.constructEvent(completed.body, completed.signature, WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    const session = event.data.object as Stripe.Checkout.Session;
    expect(session.subscription).toBe(subscription.id);
    expect(session.mode).toBe('subscription');
    expect(() =>
      h.stripe.webhooks.constructEvent(completed.body, completed.signature, 'whsec_wrongwrongwrong'),
    ).toThrow(/signature/i);
    expect(() =>
      h.stripe.webhooks.constructEvent(
        completed.body.replace('subscription', 'subscriptioN'),
        completed.signature,
        WEBHOOK_SECRET,
      ),
    ).toThrow();
    for (const r of receiver.received)
      expect(h.stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET).id).toMatch(/^evt_/);
  });

  it('carry previous_attributes on updates, and every event is listed by /v1/events', async () => {
    const { h, receiver } = await withReceiver();
    const { monthly } = await ferryPrices(h.stripe);
    const { subscription } = await subscribed(h.stripe, monthly, '4242424242424242', null);
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const update = await waitFor('customer.subscription.updated', () =>
      receiver.received
        .map((r) => JSON.parse(r.body) as Stripe.Event)
        .find(
          (e) =>
            e.type === 'customer.subscription.updated' && (e.data.object as Stripe.Subscription).cancel_at_period_end,
        ),
    );
    expect(update.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(update.request?.id).toMatch(/^req_/);
    const listed = await h.stripe.events.retrieve(update.id);
    expect(listed.type).toBe('customer.subscription.updated');
  });

  it('are retried with growing delays until the endpoint answers 2xx, then no more', async () => {
    const { h, receiver } = await withReceiver((n) => (n < 3 ? 500 : 200), { baseMs: 40, maxMs: 1000 });
    const customer = await h.stripe.customers.create({ email: 'retry@example.com' });
    await waitFor('four attempts', () => receiver.received.length >= 4 || false);
    const attempts = receiver.received.filter((r) => r.body.includes(customer.id));
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts.map((a) => JSON.parse(a.body).id)).size).toBe(1);
    // backoffDelay(n, 40 ms base, ±20 %): 32-48, 64-96, 128-192 ms, each waited before the next attempt.
    const planned = h.server.delivery.attempts
      .filter((a) => a.endpointId === 'we_configured' && a.status === 500)
      .map((a) => a.retryInMs!);
    expect(planned).toHaveLength(3);
    planned.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual(0.8 * 40 * 2 ** n);
      expect(ms).toBeLessThanOrEqual(1.2 * 40 * 2 ** n);
    });
    attempts.slice(1).forEach((a, i) => {
      expect(a.at - attempts[i]!.at).toBeGreaterThanOrEqual(planned[i]! - 5);
    });
    await waitFor(
      'pending_webhooks to reach 0',
      async () => (await h.stripe.events.list({ type: 'customer.created' })).data[0]!.pending_webhooks === 0,
    );
    expect(h.server.delivery.attempts.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('also go to endpoints made through the API, with their own secret and only for their enabled events', async () => {
    const { h } = await withReceiver();
    const own = await startReceiver();
    cleanup.push(() => own.close());
    const endpoint = await h.stripe.webhookEndpoints.create({ url: own.url, enabled_events: ['customer.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await h.stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
    await h.stripe.products.create({ name: 'not sent to the endpoint' });
    const customer = await h.stripe.customers.create({ email: 'endpoint@example.com' });
    const got = await waitFor('the customer.created event', () => own.received[0]);
    const event = h.stripe.webhooks.constructEvent(got.body, got.signature, endpoint.secret!);
    expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
    expect(own.received).toHaveLength(1);
  });
});
