/**
 * Stripe Tax in Checkout, with Stripe's SDK: automatic_tax, tax_id_collection, customer_update and
 * billing_address_collection; the hosted page's address and VAT number; invoices with their taxes,
 * hosted page and PDF. Every exchange is checked against the pinned OpenAPI extract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { StripeContract } from './support/contract.js';
import { advance, DAY, ferryPrices, startHarness, T0, type Harness } from './support/harness.js';

let h: Harness;
const contract = new StripeContract();

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.server.close();
});

const TAX_PARAMS = {
  automatic_tax: { enabled: true },
  tax_id_collection: { enabled: true },
  customer_update: { address: 'auto', name: 'auto' },
  billing_address_collection: 'required',
} as const;

async function inclusivePrice(): Promise<Stripe.Price> {
  const { monthly } = await ferryPrices(h.stripe);
  return h.stripe.prices.update(monthly.id, { tax_behavior: 'inclusive' });
}

async function checkout(customer: string, price: string, trialEnd?: number): Promise<Stripe.Checkout.Session> {
  return h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://ferry.test/account?checkout=success',
    ...(trialEnd ? { subscription_data: { trial_end: trialEnd } } : {}),
    ...TAX_PARAMS,
  });
}

async function pay(url: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242', ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
}

const GERMAN_BUSINESS = {
  name: 'Ada GmbH',
  country: 'DE',
  line1: 'Unter den Linden 1',
  postal_code: '10117',
  city: 'Berlin',
  vat_number: 'DE 123 456 789',
};

function expectContract(): void {
  const problems = h.exchanges
    .map((e) => ({ e: `${e.method} ${e.path} → ${e.status}`, ...contract.check(e) }))
    .filter((r) => r.problems.length > 0);
  expect(problems).toEqual([]);
  const events = h.server.store.events.map((e) => ({ type: e.type, ...contract.checkEvent(e as never) }));
  expect(events.filter((c) => c.problems.length > 0)).toEqual([]);
}

describe('Checkout with Stripe Tax', () => {
  it('collects a German address and VAT number, and invoices 19% VAT included in the price', async () => {
    const price = await inclusivePrice();
    expect(price.tax_behavior).toBe('inclusive');
    const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
    const session = await checkout(customer.id, price.id);
    expect(session.automatic_tax).toMatchObject({ enabled: true, status: 'requires_location_inputs' });
    expect(session.tax_id_collection?.enabled).toBe(true);
    expect(session.billing_address_collection).toBe('required');

    const page = await (await fetch(session.url!)).text();
    for (const label of ['Country or region', 'Postal code', 'VAT number']) expect(page).toContain(label);
    expect(page).toContain('Price includes VAT');

    const incomplete = await pay(session.url!, { vat_number: 'DE123456789' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.html).toContain('Your billing address is incomplete.');
    const badVat = await pay(session.url!, { ...GERMAN_BUSINESS, vat_number: 'not a number' });
    expect(badVat.status).toBe(400);
    expect(badVat.html).toContain('Your VAT number is invalid.');
    expect((await pay(session.url!, GERMAN_BUSINESS)).status).toBe(303);

    const done = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(done.automatic_tax.status).toBe('complete');
    expect(done.customer_details?.tax_ids).toEqual([{ type: 'eu_vat', value: 'DE123456789' }]);
    expect(done.customer_details?.address).toMatchObject({ country: 'DE', city: 'Berlin', postal_code: '10117' });
    expect(done.total_details?.amount_tax).toBe(32);

    const saved = (await h.stripe.customers.retrieve(customer.id, { expand: ['tax_ids'] })) as Stripe.Customer;
    expect(saved.name).toBe('Ada GmbH');
    expect(saved.address?.line1).toBe('Unter den Linden 1');
    expect(saved.tax_ids?.data.map((t) => [t.type, t.value, t.country])).toEqual([['eu_vat', 'DE123456789', 'DE']]);

    const sub = await h.stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub.automatic_tax.enabled).toBe(true);
    const invoice = await h.stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      total: 200,
      total_excluding_tax: 168,
      automatic_tax: { enabled: true, status: 'complete' },
      customer_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
      customer_address: { country: 'DE' },
    });
    expect(invoice.total_taxes).toEqual([
      {
        amount: 32,
        tax_behavior: 'inclusive',
        tax_rate_details: { tax_rate: 'txr_DE1900' },
        taxability_reason: 'standard_rated',
        taxable_amount: 168,
        type: 'tax_rate_details',
      },
    ]);
    expect(invoice.lines.data[0]!.taxes).toEqual(invoice.total_taxes);

    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(hosted.status).toBe(200);
    const hostedText = await hosted.text();
    expect(hostedText).toContain('VAT 19% (included)');
    expect(hostedText).toContain('DE123456789');
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.toString('latin1')).toContain('(VAT 19% \\(included\\): €0.32)'.replace('€', '\x80'));
    expectContract();
  });

  it('reverse-charges a business with another EU country’s VAT number, and taxes each renewal', async () => {
    const price = await inclusivePrice();
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: T0 });
    const customer = await h.stripe.customers.create({ email: 'marie@example.com', test_clock: clock.id });
    const session = await checkout(customer.id, price.id, T0 + 10 * DAY);
    const paid = await pay(session.url!, {
      name: 'Marie SARL',
      country: 'FR',
      line1: '1 rue de Rivoli',
      postal_code: '75001',
      city: 'Paris',
      vat_number: 'FR12345678901',
    });
    expect(paid.status).toBe(303);
    await advance(h.stripe, clock.id, T0 + 11 * DAY);
    const invoices = await h.stripe.invoices.list({ customer: customer.id, status: 'paid' });
    const cycle = invoices.data.find((i) => i.billing_reason === 'subscription_cycle')!;
    expect(cycle.total).toBe(200);
    expect(cycle.total_taxes).toMatchObject([{ amount: 0, taxability_reason: 'reverse_charge', taxable_amount: 200 }]);
    expectContract();
  });

  it("refuses what Stripe refuses, in Stripe's words", async () => {
    const price = await inclusivePrice();
    const customer = await h.stripe.customers.create({ email: 'bob@example.com' });
    const base = {
      mode: 'subscription' as const,
      customer: customer.id,
      line_items: [{ price: price.id }],
      success_url: 'http://ferry.test/ok',
    };
    await expect(
      h.stripe.checkout.sessions.create({ ...base, automatic_tax: { enabled: true } }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'automatic_tax[enabled]',
      message: expect.stringContaining('requires a valid address'),
    });
    await expect(
      h.stripe.checkout.sessions.create({
        ...base,
        tax_id_collection: { enabled: true },
        customer_update: { address: 'auto' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'tax_id_collection[enabled]' });
    await expect(
      h.stripe.checkout.sessions.create({ ...base, invoice_creation: { enabled: true } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'invoice_creation' });
    await expect(
      h.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'c@example.com',
        line_items: [{ price: price.id }],
        success_url: 'http://ferry.test/ok',
        customer_update: { name: 'auto' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'customer_update' });
    await expect(
      h.stripe.checkout.sessions.create({ ...base, customer_update: { address: 'auto', shipping: 'auto' } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'customer_update[shipping]' });
    expectContract();
  });
});
