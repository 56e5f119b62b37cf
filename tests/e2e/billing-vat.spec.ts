import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { mailInbox } from '../support/inbox.ts';
import {
  accountPage,
  advanceClock,
  DAY_S,
  fillBillingAddress,
  signInWithTrial,
  uniqueEmail,
} from './support/billing.ts';

/**
 * VAT and invoices: prices say "incl. VAT"; Checkout (Stripe Tax on the Stripe stand-in) takes a
 * German billing address and a VAT number; the account page shows the VAT line and opens the
 * invoices in the portal, where the invoice carries its 19% VAT line; the receipt arrives in the
 * mail stand-in's inbox. Screenshots at 1280×800 and 390×844 go to FERRY_SHOTS_DIR.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-vat-shots';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: join(SHOTS, `${name}-${size.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const { mailsTo, textOf } = mailInbox();
const VAT_LINE = 'VAT 19% (included): €0.32';

test('pays with a German address and VAT number; the invoice with its VAT line in the portal and by mail', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('vat');
  const token = await signInWithTrial(page, baseURL!, email);
  const account = accountPage(page);
  // In the trial's last 2 days the paid period starts at once, so the first invoice takes money.
  await advanceClock(page.request, token, 89 * DAY_S);
  await page.reload();
  const monthly = account.getByTestId('plan-monthly');
  await expect(monthly.getByTestId('plan-price')).toHaveText('€2 per month');
  await expect(monthly.getByTestId('plan-vat')).toHaveText('incl. VAT');
  await expect(account.getByTestId('plans-vat-note')).toHaveText(
    'Prices include VAT. Businesses can enter a VAT number at checkout.',
  );
  await shoot(page, 'account-plans');

  const origin = new URL(baseURL!).origin;
  await account.getByRole('button', { name: 'Choose plan: Monthly' }).click();
  await page.waitForURL((url) => url.origin !== origin);
  await expect(page.getByText('Price includes VAT where it applies.')).toBeVisible();
  await fillBillingAddress(page, 'DE 123 456 789');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shoot(page, 'checkout-address-vat');
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL((url) => url.origin === origin && url.pathname === '/account');
  await expect(account.getByTestId('subscription-badge')).toHaveText('Pro (Monthly)', { timeout: 30_000 });
  await expect(account.getByTestId('vat-line')).toHaveText(
    'Prices include VAT. Your invoices show the VAT and are also sent to you by email.',
  );
  await shoot(page, 'account-paid-vat-line');

  await account.getByRole('button', { name: 'View invoices' }).click();
  await page.waitForURL((url) => url.origin !== origin);
  const invoices = page.getByRole('table');
  await expect(invoices).toContainText('€2.00');
  await expect(invoices).toContainText(VAT_LINE);
  await shoot(page, 'portal-invoices');
  await invoices.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice from Ferry (test mode)');
  await expect(page.locator('dl')).toContainText('DE123456789');
  await expect(page.locator('dl')).toContainText('Unter den Linden 1, 10117 Berlin, DE');
  await expect(page.locator('dl')).toContainText(VAT_LINE.replace(': ', ''));
  await shoot(page, 'hosted-invoice');

  // "Mailed by Stripe": the receipt, with the VAT line and the VAT number, in the inbox (once).
  const receipts = async () => (await mailsTo(email)).filter((m) => m.subject.startsWith('Your receipt from'));
  await expect.poll(async () => (await receipts()).length, { timeout: 30_000 }).toBe(1);
  const [receipt] = await receipts();
  expect(receipt!.subject).toMatch(/^Your receipt from Ferry \(test mode\) #\S+-0001$/);
  const text = await textOf(receipt!.id);
  expect(text).toContain(VAT_LINE);
  expect(text).toContain('VAT number: DE123456789');
  expect(text).toContain('Amount paid: €2.00');
});
