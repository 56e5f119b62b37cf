import { expect, test } from '@playwright/test';
import {
  accessStatus,
  accountPage,
  advanceClock,
  checkout,
  DAY_S,
  longDate,
  plusOneYear,
  signInWithTrial,
  uniqueEmail,
} from './support/billing.ts';

/**
 * Paying through Stripe Checkout (the Stripe stand-in's hosted page): a trial user picks a plan on
 * /account, pays with a test card and comes back to the paid plan; a declined card leaves the
 * trial as it was. Prices come from Stripe through the billing service.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

test('a trial user chooses yearly, pays with 4242: Pro (Annual) from the trial end, renewing a year later', async ({
  page,
  baseURL,
}) => {
  const token = await signInWithTrial(page, baseURL!, uniqueEmail('yearly'));
  const trial = await accessStatus(page.request, token);
  expect(trial).toMatchObject({ state: 'trial', plan: 'trial', total_days: 90 });
  const trialEnd = trial.paid_until!;

  const account = accountPage(page);
  await expect(account.getByTestId('plan-monthly').getByTestId('plan-price')).toHaveText('€2 per month');
  await expect(account.getByTestId('plan-yearly').getByTestId('plan-price')).toHaveText('€10 per year');
  await expect(account.getByTestId('plan-yearly')).toContainText('Best value');

  await checkout(page, baseURL!, 'Yearly', '4242 4242 4242 4242');
  await page.waitForURL((url) => url.pathname === '/account');
  // Until the webhook has arrived the page says so; then the plan shows, starting when the trial ends.
  await expect(account.getByTestId('subscription-badge')).toHaveText('Pro (Annual)', { timeout: 30_000 });
  await expect(account.getByTestId('checkout-notice')).toHaveText('Payment received. Thank you!');
  await expect(account.getByTestId('period-date')).toHaveText(`Starts on ${longDate(trialEnd)}`);
  await expect(account.getByRole('heading', { name: 'Plans' })).toHaveCount(0);
  await expect(page).toHaveURL((url) => !url.searchParams.has('checkout'));
  const scheduled = await accessStatus(page.request, token);
  expect(scheduled).toMatchObject({ state: 'scheduled', plan: 'yearly' });
  // Stripe keeps whole seconds: the paid plan starts at the trial's end, to the second.
  expect(Math.abs(Date.parse(scheduled.starts_at!) - Date.parse(trialEnd))).toBeLessThan(1_000);

  // The clock reaches the trial's end: the first yearly invoice is paid, the plan renews a year later.
  const active = await advanceClock(page.request, token, 90 * DAY_S + 3_600);
  expect(active).toMatchObject({ state: 'active', plan: 'yearly', phase: 'paid' });
  await page.reload();
  await expect(account.getByTestId('subscription-badge')).toHaveText('Pro (Annual)');
  await expect(account.getByTestId('period-date')).toHaveText(`Renews on ${longDate(plusOneYear(trialEnd))}`);
});

test('a declined card (4000 0000 0000 0002) leaves the trial unchanged, with the message shown', async ({
  page,
  baseURL,
}) => {
  const token = await signInWithTrial(page, baseURL!, uniqueEmail('declined'));
  const before = await accessStatus(page.request, token);

  await checkout(page, baseURL!, 'Monthly', '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();

  await page.waitForURL((url) => url.pathname === '/account');
  const account = accountPage(page);
  await expect(account.getByTestId('checkout-notice')).toHaveText('Checkout was cancelled. You have not been charged.');
  await expect(account.getByTestId('subscription-badge')).toHaveText('Trial');
  await expect(account.getByTestId('plan-monthly')).toBeVisible();
  expect(await accessStatus(page.request, token)).toEqual(before);
});
