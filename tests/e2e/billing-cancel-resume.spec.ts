import { expect, test } from '@playwright/test';
import {
  accessStatus,
  accountPage,
  longDate,
  payDuringTrial,
  signInWithTrial,
  uniqueEmail,
} from './support/billing.ts';

/**
 * Cancel and resume a paid plan on /account: the product's dialog says until when access remains,
 * the page answers in a notice (never a native alert), a reload shows the cancelled state with
 * access kept, and Resume brings the plan back.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

const CANCELLED = 'Your subscription has been cancelled. Access remains until the end of the current period.';

test('cancel → confirm → reload shows cancelled with access kept; Resume brings the plan back', async ({
  page,
  baseURL,
}) => {
  page.on('dialog', (d) => {
    throw new Error(`native ${d.type()} dialog: ${d.message()}`);
  });
  const token = await signInWithTrial(page, baseURL!, uniqueEmail('cancel'));
  await payDuringTrial(page, baseURL!, 'Monthly');
  const paid = await accessStatus(page.request, token);
  const until = longDate(paid.paid_until!);
  const account = accountPage(page);

  await account.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText(`Access remains until ${until}; after that, it does not renew.`);
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(account.getByTestId('account-message')).toHaveText(CANCELLED);

  await page.reload();
  await expect(account.getByTestId('subscription-badge')).toHaveText('Pro (Monthly)');
  await expect(account.getByTestId('period-date')).toHaveText(`Cancelled — access until ${until}`);
  await expect(account.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  const cancelled = await accessStatus(page.request, token);
  expect(cancelled).toMatchObject({ state: 'cancelled', plan: 'monthly', paid_until: paid.paid_until });
  expect(cancelled.cancelled_at).not.toBeNull();

  // Access stays: the upload screen still has its drop zone.
  await page.goto('/upload');
  await expect(page.getByTestId('dropzone')).toBeVisible();
  await expect(page.getByTestId('upload-expired')).toHaveCount(0);

  await page.goto('/account');
  await account.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(account.getByTestId('account-message')).toHaveText(
    'Your subscription has been resumed. It renews as before.',
  );
  await page.reload();
  await expect(account.getByTestId('subscription-badge')).toHaveText('Pro (Monthly)');
  await expect(account.getByTestId('period-date')).not.toContainText('Cancelled');
  await expect(account.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  const resumed = await accessStatus(page.request, token);
  expect(resumed).toMatchObject({
    state: paid.state,
    plan: 'monthly',
    cancelled_at: null,
    paid_until: paid.paid_until,
  });
});
