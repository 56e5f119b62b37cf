import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_KEY, ferryPrices, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.server.close();
});

describe('Idempotency-Key', () => {
  it('answers the first answer again for a repeated key, and creates one object', async () => {
    const { monthly } = await ferryPrices(h.stripe);
    const params = {
      mode: 'subscription' as const,
      customer_email: 'double@example.com',
      line_items: [{ price: monthly.id, quantity: 1 }],
      success_url: 'http://ferry.test/ok',
    };
    const [a, b] = await Promise.all([
      h.stripe.checkout.sessions.create(params, { idempotencyKey: 'choose-plan-acc_9' }),
      h.stripe.checkout.sessions.create(params, { idempotencyKey: 'choose-plan-acc_9' }),
    ]);
    expect(a.id).toBe(b.id);
    expect(
      (await h.stripe.checkout.sessions.list({ limit: 100 })).data.filter(
        (s) => s.customer_email === 'double@example.com',
      ),
    ).toHaveLength(1);
  });

  it('marks the replay with Idempotent-Replayed, as Stripe does', async () => {
    const post = () =>
      fetch(`${h.server.url}/v1/customers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'raw-1',
        },
        body: 'email=raw%40example.com',
      });
    const first = await post();
    const second = await post();
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(((await second.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
  });

  it('refuses the same key with another body: 400 idempotency_error', async () => {
    await h.stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'reused' });
    await expect(
      h.stripe.customers.create({ email: 'two@example.com' }, { idempotencyKey: 'reused' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('without a key, every POST creates', async () => {
    const a = await h.stripe.customers.create({ email: 'same@example.com' });
    const b = await h.stripe.customers.create({ email: 'same@example.com' });
    expect(a.id).not.toBe(b.id);
  });
});

describe('keys and errors', () => {
  it('accepts only its own secret key: 401 otherwise', async () => {
    const res = await fetch(`${h.server.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_someoneelse123' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    expect((await fetch(`${h.server.url}/v1/customers`)).status).toBe(401);
  });

  it("answers Stripe's error object with the right status", async () => {
    await expect(h.stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      h.stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x/' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
    await expect(
      h.stripe.prices.create({ currency: 'eur', unit_amount: 'x' as unknown as number, product_data: { name: 'p' } }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer' });
    const { monthly } = await ferryPrices(h.stripe);
    await expect(
      h.stripe.prices.create({
        currency: 'eur',
        unit_amount: 1,
        product: monthly.product as string,
        lookup_key: 'ferry_monthly_eur',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
    const moved = await h.stripe.prices.create({
      currency: 'eur',
      unit_amount: 300,
      product: monthly.product as string,
      recurring: { interval: 'month' },
      lookup_key: 'ferry_monthly_eur',
      transfer_lookup_key: true,
    });
    expect((await h.stripe.prices.list({ lookup_keys: ['ferry_monthly_eur'] })).data.map((p) => p.id)).toEqual([
      moved.id,
    ]);
    const unknown = await fetch(`${h.server.url}/v1/charges`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
    expect(unknown.status).toBe(404);
  });
});

describe('parameters', () => {
  it('refuses a parameter Stripe does not have, naming it as Stripe does (400 parameter_unknown)', async () => {
    await expect(h.stripe.customers.create({ email: 'x@example.com', colour: 'blue' } as never)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'colour',
    });
    const { monthly } = await ferryPrices(h.stripe);
    await expect(
      h.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id, quantiy: 1 } as never],
        success_url: 'http://ferry.test/',
      }),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][quantiy]' });
    await expect(h.stripe.subscriptions.list({ custommer: 'cus_1' } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'custommer',
    });
  });
});
