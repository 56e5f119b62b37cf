import { expect, test } from '@playwright/test';
import { accountPage, payDuringTrial, signInWithTrial, uniqueEmail } from './support/billing.ts';

/** "Manage billing" opens Stripe's customer portal (the stand-in's page) and "Return to Ferry" comes back. */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

test('the portal opens with the plan and returns to the account page', async ({ page, baseURL }) => {
  await signInWithTrial(page, baseURL!, uniqueEmail('portal'));
  const account = accountPage(page);
  // No billing account yet: a trial has no "Manage billing".
  await expect(account.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await payDuringTrial(page, baseURL!, 'Yearly');

  const origin = new URL(baseURL!).origin;
  await account.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL((url) => url.origin !== origin);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.locator('body')).toContainText('per year');
  await page.getByRole('link', { name: 'Return to Ferry' }).click();

  await page.waitForURL((url) => url.origin === origin && url.pathname === '/account');
  await expect(account.getByTestId('subscription-badge')).toHaveText('Pro (Annual)');
  await expect(account.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
});
