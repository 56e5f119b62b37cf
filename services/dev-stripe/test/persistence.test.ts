import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { advance, DAY, ferryPrices, startHarness, startReceiver, subscribed, T0, waitFor } from './support/harness.js';

const dir = mkdtempSync(join(tmpdir(), 'dev-stripe-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('with a data file', () => {
  it('keeps prices, customers, subscriptions, clocks and events across a restart', async () => {
    const dataFile = join(dir, 'state.json');
    const first = await startHarness({ dataFile });
    const { yearly } = await ferryPrices(first.stripe);
    const { clock, customer, subscription } = await subscribed(first.stripe, yearly, '4242424242424242', 30);
    await first.server.close();

    const second = await startHarness({ dataFile });
    try {
      expect((await second.stripe.prices.list({ lookup_keys: ['ferry_yearly_eur'] })).data.map((p) => p.id)).toEqual([
        yearly.id,
      ]);
      expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      await advance(second.stripe, clock.id, T0 + 31 * DAY);
      expect((await second.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
      const portal = await second.stripe.billingPortal.sessions.create({ customer: customer.id });
      expect(await (await fetch(portal.url)).text()).toContain('VISA •••• 4242');
      expect((await second.stripe.events.list({ type: 'checkout.session.completed' })).data).toHaveLength(1);
    } finally {
      await second.server.close();
    }
  });

  it('delivers again, after a restart, the events whose webhooks were not accepted yet', async () => {
    const dataFile = join(dir, 'pending.json');
    const down = await startReceiver(() => 503);
    const first = await startHarness({
      dataFile,
      webhook: { url: down.url, secret: 'whsec_restart0123456789' },
      retry: { baseMs: 60_000 },
    });
    const customer = await first.stripe.customers.create({ email: 'pending@example.com' });
    await waitFor('the first attempt', () => down.received.length > 0 || false);
    await first.server.close();
    await down.close();

    const up = await startReceiver();
    const second = await startHarness({ dataFile, webhook: { url: up.url, secret: 'whsec_restart0123456789' } });
    try {
      const got = await waitFor('the event again', () => up.received.find((r) => r.body.includes(customer.id)));
      expect(second.stripe.webhooks.constructEvent(got.body, got.signature, 'whsec_restart0123456789').type).toBe(
        'customer.created',
      );
    } finally {
      await second.server.close();
      await up.close();
    }
  });
});
