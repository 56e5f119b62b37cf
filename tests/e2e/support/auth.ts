import { expect, type Page } from '@playwright/test';

/**
 * Completes the local identity provider's pages in the browser: types the e-mail on the login page
 * (when the provider has no session yet) and presses Allow on the consent page (Ferry always asks).
 * Resolves once the browser is back on Ferry's origin.
 */
export async function completeProviderSignIn(page: Page, baseURL: string, email = 'alice@example.com'): Promise<void> {
  const origin = new URL(baseURL).origin;
  await page.waitForURL((url) => url.origin !== origin);
  const emailField = page.locator('input[type="email"]');
  const allow = page.locator('#allow');
  await expect(emailField.or(allow)).toBeVisible();
  if (await emailField.isVisible()) {
    await emailField.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await allow.click();
  await page.waitForURL((url) => url.origin === origin && url.pathname !== '/auth/callback');
}

/** Signs in from the landing page's header Sign in button and waits for the signed-in header. */
export async function signInFromHeader(page: Page, baseURL: string, email?: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  await completeProviderSignIn(page, baseURL, email);
  await expect(logoutButton(page)).toBeVisible();
}

export function logoutButton(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign out' });
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('ferry_access_token'));
}

/**
 * Signs in through the gateway (`/api/auth/login?next=…`) and the provider's pages, and waits
 * until the shell has opened `path` signed in. For journeys that need the product pages.
 */
export async function signInAt(
  page: Page,
  baseURL: string,
  path: string,
  email = 'journey@example.com',
): Promise<void> {
  await page.goto(`/api/auth/login?next=${encodeURIComponent(path)}`);
  await completeProviderSignIn(page, baseURL, email);
  const target = new URL(path, baseURL);
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
}

/**
 * Puts a session into the page's storage without the provider (pages served without the API, e.g.
 * the bundle measurement) and asks the shell to re-check: /upload and /account then render.
 * Only for servers without /api/me: a real gateway would refuse this token.
 */
export async function seedSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.localStorage.setItem('ferry_access_token', 'seeded-token-for-measurement');
    window.localStorage.setItem('ferry_access_token_at', String(Date.now()));
    window.dispatchEvent(new CustomEvent('ferry:auth-check'));
  });
}
