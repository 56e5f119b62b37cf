import { expect, test, type Page } from '@playwright/test';
import { signInAt } from './support/auth.ts';

/**
 * The account page against the running stack (spec §2, §4, §8): sign-in starts the 90-day trial
 * once per tab session, /account shows it, cancel asks first (the product's dialog, no native alert), keeps access and shows the cancelled text.
 * Each test signs in as a fresh user so the billing rows never carry over between runs.
 */
const uniqueEmail = (tag: string) =>
  `acct-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

const CANCELLED = 'Your subscription has been cancelled. Access remains until the end of the current period.';

function accountPage(page: Page) {
  return page.locator('[data-remote="account"]');
}

test.describe('account page', () => {
  test('sign in → Trial with 90 days → cancel (asked in a dialog) → cancelled message', async ({ page, baseURL }) => {
    const email = uniqueEmail('trial');
    const trialStarts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/trial/start')) trialStarts.push(r.postData() ?? '');
    });
    await signInAt(page, baseURL!, '/account', email);

    const account = accountPage(page);
    await expect(account.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await expect(account.getByTestId('account-email')).toHaveText(`Signed in as ${email}`);
    await expect(account.getByTestId('subscription-badge')).toHaveText('Trial');
    await expect(account.getByTestId('days-remaining')).toHaveText('90 days remaining');
    await expect(account.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    await expect(account.getByTestId('period-date')).toContainText('Access ends on');
    expect(trialStarts).toHaveLength(1);
    expect(JSON.parse(trialStarts[0]!)).toEqual({ email });

    // Once per tab session: a reload does not ask again.
    await page.reload();
    await expect(account.getByTestId('subscription-badge')).toHaveText('Trial');
    expect(trialStarts).toHaveLength(1);

    await account.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await expect(account.getByText(CANCELLED)).toBeVisible();
    await expect(account.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

    await expect(account.getByTestId('period-date')).toContainText('Cancelled — access until');

    // Access remains: after a reload the trial is still there, shown as cancelled, with Resume.
    await page.reload();
    await expect(account.getByTestId('subscription-badge')).toHaveText('Trial');
    await expect(account.getByTestId('days-remaining')).toHaveText('90 days remaining');
    await expect(account.getByTestId('period-date')).toContainText('Cancelled — access until');
    await expect(account.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  });

  test('a never-subscribed user (trial start skipped) sees "No subscription data found."', async ({
    page,
    baseURL,
  }) => {
    await page.route('**/api/trial/start', (route) => route.abort());
    await signInAt(page, baseURL!, '/account', uniqueEmail('none'));
    const account = accountPage(page);
    await expect(account.getByText('No subscription data found.')).toBeVisible();
    await expect(account.getByTestId('subscription-badge')).toHaveCount(0);
  });

  test('the Stripe webhook refuses a delivery without a valid signature (400)', async ({ request }) => {
    // The stack runs with a webhook secret (npm start generates one): a forged signature is refused.
    const res = await request.post('/api/stripe/webhook', {
      headers: { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' },
      data: '{"id":"evt_1"}',
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).code).toBe('invalid_argument');
  });

  test('signed out, /account goes to the landing page', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
