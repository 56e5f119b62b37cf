import { expect, test } from '@playwright/test';
import { completeProviderSignIn, logoutButton, signInFromHeader, storedToken } from './support/auth.ts';

test.use({ locale: 'en-US' });

test('a visitor opening /upload?x=1 lands on /, signs in through the provider and arrives at /upload?x=1 signed in; reload keeps the session', async ({
  page,
  baseURL,
}) => {
  await page.goto('/upload?x=1');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await signInFromHeader(page, baseURL!, 'visitor.one@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/upload' && url.search === '?x=1' && url.hash === '');
  await expect(page.locator('[data-remote-slot="upload"]')).toBeVisible();
  const token = await storedToken(page);
  expect(token?.length ?? 0).toBeGreaterThan(10);
  // The token never stays in the address bar or the history.
  expect(page.url()).not.toContain(token!);

  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ email: 'visitor.one@example.com' });

  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/upload' && url.search === '?x=1');
  await expect(logoutButton(page)).toBeVisible();
  expect(await storedToken(page)).toBe(token);
});

test('a signed-in user opening / goes to /upload; the landing Try button is disabled until sign-in is ready, then starts it', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const tryButton = page.locator('[data-remote-slot="marketing"]').getByRole('button', { name: /try/i }).first();
  await expect(tryButton).toBeEnabled();
  await tryButton.click();
  await completeProviderSignIn(page, baseURL!, 'try.button@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/upload');
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/upload');
});

test('cancelling on the provider page sends the user to / with the error, signed out', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin !== new URL(baseURL!).origin);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(baseURL!).origin && url.pathname === '/');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
