import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { localeText } from './support/locale-text.ts';
import { pointRemote } from './support/manifest.ts';
import { closedPort } from './support/static-server.ts';
import { driveAdmin, driveRoot, makeFiles, openUploadSignedIn, journeyEmail } from './support/upload.ts';

/**
 * The states a visitor meets when something outside the page fails, each with a clear message in
 * the page's language: no network, a full drive, the sign-in provider out of reach, a part of the
 * product that does not load.
 */

test('offline: every page says so in its language, and the notice leaves when the network is back', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/faq?lng=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('main h1')).toBeVisible();
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toHaveCount(0);

  await context.setOffline(true);
  await expect(notice).toHaveText(localeText('shell', 'de', 'connection.offline'));
  // Inside a polite live region that was there before the message: screen readers announce it.
  await expect(page.getByRole('status').filter({ has: notice })).toHaveAttribute('aria-live', 'polite');

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await context.close();
});

test('a full drive: the upload stops with the quota message in Japanese', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/?lng=ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const email = journeyEmail('quota-ja');
  await openUploadSignedIn(page, baseURL!, email);
  // The Drive stand-in answers storageQuotaExceeded above 1 MiB for this user.
  await driveAdmin(await driveRoot(baseURL!), 'quota', { email, limitBytes: 1024 * 1024 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const { dir } = makeFiles({ 'too-big.bin': 3 * 1024 * 1024 });
  await page.getByTestId('file-input').setInputFiles(join(dir, 'too-big.bin'));
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('upload-error')).toHaveText(localeText('upload', 'ja', 'errors.quota'), {
    timeout: 30_000,
  });
  await context.close();
});

test('the sign-in provider out of reach: the landing says why, in Arabic', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar' });
  const page = await context.newPage();
  await page.goto('/?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // What the gateway answers when the provider's discovery fails (services/gateway/test/auth.test.ts):
  // home with `temporarily_unavailable`. The browser gets that answer without taking the provider down.
  await page.route('**/api/auth/**', (route) =>
    route.fulfill({
      status: 303,
      headers: { location: '/?error=temporarily_unavailable&error_description=The+sign-in+provider+is+not+reachable.' },
    }),
  );
  await page
    .getByRole('navigation', { name: localeText('shell', 'ar', 'nav.label') })
    .getByRole('button', { name: localeText('shell', 'ar', 'nav.login') })
    .click();
  await page.waitForURL((url) => url.searchParams.get('error') === 'temporarily_unavailable');
  const notice = page.getByTestId('sign-in-error');
  await expect(notice).toHaveText(localeText('shell', 'ar', 'signInError.unavailable'));
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await context.close();
});

test('a part of the product that does not load: its place says so in German, the rest works', async ({ page }) => {
  const port = await closedPort();
  const restore = await pointRemote('download', `http://127.0.0.1:${port}/remoteEntry.js`, '0.0.0-stopped');
  try {
    await page.goto('/r/abc12345?lng=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const error = page.locator('[data-remote-error="download"]');
    await expect(error).toContainText(localeText('shell', 'de', 'remote.failed'), { timeout: 30_000 });
    await expect(error.getByRole('button', { name: localeText('shell', 'de', 'remote.retry') })).toBeVisible();
    await page.goto('/faq?lng=de');
    await expect(page.locator('[data-remote="marketing"] h1')).toHaveText(localeText('marketing', 'de', 'faq.title'));
  } finally {
    await restore();
  }
});
