/** Receipts of paid invoices go to the customer through SMTP (the mail stand-in), with the VAT line and the PDF. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailServer, type RunningMailServer } from '@ferry/dev-mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferryPrices, startHarness, waitFor, type Harness } from './support/harness.js';

let h: Harness;
let mail: RunningMailServer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dev-stripe-mail-'));
  mail = await startMailServer({ dataDir: dir, smtpPort: 0, inboxPort: 0 });
  h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}` });
});
afterAll(async () => {
  await h?.server.close();
  await mail?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Summary {
  id: string;
  to: string[];
  subject: string;
}

async function mailsTo(address: string): Promise<Summary[]> {
  const res = await fetch(`${mail.inboxUrl}/api/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: Summary[] }).messages;
}

describe('receipts by mail', () => {
  it('mails the receipt of a paid invoice with its VAT line, link and PDF; a trial invoice of 0 sends nothing', async () => {
    const { monthly } = await ferryPrices(h.stripe);
    await h.stripe.prices.update(monthly.id, { tax_behavior: 'inclusive' });
    const paying = await h.stripe.customers.create({ email: 'paying@example.com' });
    const trialing = await h.stripe.customers.create({ email: 'trialing@example.com' });
    const address = { name: 'Ada', country: 'DE', line1: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin' };
    for (const [customer, trialEnd] of [
      [paying.id, undefined],
      [trialing.id, Math.floor(Date.now() / 1000) + 30 * 86_400],
    ] as const) {
      const session = await h.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price: monthly.id }],
        success_url: 'http://ferry.test/ok',
        automatic_tax: { enabled: true },
        customer_update: { address: 'auto', name: 'auto' },
        ...(trialEnd ? { subscription_data: { trial_end: trialEnd } } : {}),
      });
      const res = await fetch(session.url!, {
        method: 'POST',
        body: new URLSearchParams({ card_number: '4242424242424242', ...address }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
    }
    const [receipt] = await waitFor('the receipt', async () => {
      const found = await mailsTo('paying@example.com');
      return found.length > 0 ? found : undefined;
    });
    const invoice = (await h.stripe.invoices.list({ customer: paying.id })).data[0]!;
    expect(receipt!.subject).toBe(`Your receipt from Ferry (test mode) #${invoice.number}`);
    const detail = (await (await fetch(`${mail.inboxUrl}/api/messages/${receipt!.id}`)).json()) as { text: string };
    expect(detail.text).toContain('VAT 19% (included): €0.32');
    expect(detail.text).toContain(invoice.hosted_invoice_url!);
    const raw = (await mail.store.raw(receipt!.id))!.toString('latin1');
    expect(raw).toContain('application/pdf');
    expect(raw).toContain(`Invoice-${invoice.number}.pdf`);
    // The trialing customer's invoice took no money: Stripe sends no receipt for it.
    await h.server.close();
    expect(await mailsTo('trialing@example.com')).toEqual([]);
  });
});
