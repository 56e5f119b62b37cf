import { expect, test } from '@playwright/test';
import { logoutButton, signInFromHeader, storedToken } from './support/auth.ts';

test.use({ locale: 'en-US' });

test('logout in one tab signs out a second tab within 2 s', async ({ context, page, baseURL }) => {
  await page.goto('/');
  await signInFromHeader(page, baseURL!, 'two.tabs@example.com');
  const second = await context.newPage();
  await second.goto('/account');
  await expect(logoutButton(second)).toBeVisible();
  await expect(second).toHaveURL((url) => url.pathname === '/account');

  await logoutButton(page).click();
  const started = Date.now();
  await expect(second).toHaveURL((url) => url.pathname === '/', { timeout: 2_000 });
  expect(Date.now() - started).toBeLessThan(2_000);
  await expect(
    second.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();
  expect(await storedToken(second)).toBeNull();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a token older than the max age sends the user to /?session=expired', async ({ page, baseURL }) => {
  await page.clock.install();
  await page.goto('/');
  await signInFromHeader(page, baseURL!, 'clock@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/upload');
  // 72 h max age (default) plus a little: the 30 s check notices.
  await page.clock.fastForward(72 * 3_600_000 + 60_000);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('session') === 'expired');
  expect(await storedToken(page)).toBeNull();
});

test('a revoked token is caught by HEAD /api/me and forces logout', async ({ page, baseURL }) => {
  await page.goto('/');
  await signInFromHeader(page, baseURL!, 'revoked@example.com');
  const token = (await storedToken(page))!;
  const revoke = await page.request.post('/api/auth/revoke', { headers: { authorization: `Bearer ${token}` } });
  expect(revoke.status()).toBe(204);

  const head = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'HEAD');
  // The shell checks on tab visibility, every 30 s, and on this event.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('ferry:auth-check')));
  expect((await head).status()).toBe(401);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('session') === 'expired');
  expect(await storedToken(page)).toBeNull();
});
