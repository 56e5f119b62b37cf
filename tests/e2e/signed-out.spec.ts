import { expect, test } from '@playwright/test';
import { completeProviderSignIn } from './support/auth.ts';

/**
 * A visitor who asks for the product without a session is not bounced silently: the landing says
 * why, in the page's language, and its sign-in button (focused) returns to the page they wanted.
 */
test.use({ locale: 'en-US' });

test('/upload signed out: the landing explains in German and signs in back to /upload', async ({ page, baseURL }) => {
  await page.goto('/upload?lng=de');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const notice = page.getByTestId('sign-in-notice');
  await expect(notice).toHaveRole('status');
  await expect(notice).toContainText('Melde dich zuerst an, um Dateien zu senden.');
  const signIn = notice.getByRole('button', { name: 'Anmelden' });
  await expect(signIn).toBeFocused();

  await signIn.click();
  await completeProviderSignIn(page, baseURL!, `signed-out-${Date.now().toString(36)}@example.com`);
  await expect(page).toHaveURL((url) => url.pathname === '/upload');
  await expect(page.getByTestId('dropzone')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sign-in-notice')).toHaveCount(0);
});

test('"Go to the product" signed out: the notice in English and in Arabic; a plain landing visit shows none', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByTestId('sign-in-notice')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the product' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const notice = page.getByTestId('sign-in-notice');
  await expect(notice).toContainText('Sign in first to send files. Ferry uploads them to your own Google Drive.');
  await expect(notice.getByRole('button', { name: 'Sign in' })).toBeFocused();

  await page.goto('/account?lng=ar');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('sign-in-notice')).toContainText('سجّل الدخول أولًا لعرض حسابك.');
  await expect(page.getByTestId('sign-in-notice').getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
});
