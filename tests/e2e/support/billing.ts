import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AccessStatus } from '@ferry/http-contract';
import { signInAt, storedToken } from './auth.ts';

/**
 * The paying journeys' shared steps: a fresh account signed in at /account with its trial, the
 * status and the test clock through the product API (as the signed-in page's token), and Stripe
 * Checkout on the Stripe stand-in's hosted page.
 */
export const DAY_S = 86_400;

/** A fresh address per test: billing rows never carry over between runs. */
export function uniqueEmail(tag: string): string {
  return `pay-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export function accountPage(page: Page) {
  return page.locator('[data-remote="account"]');
}

/** Signs a fresh user in at /account and waits for the trial the shell starts. Returns the token. */
export async function signInWithTrial(page: Page, baseURL: string, email: string): Promise<string> {
  await signInAt(page, baseURL, '/account', email);
  await expect(accountPage(page).getByTestId('subscription-badge')).toHaveText('Trial');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  return token!;
}

async function postJson<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: object = {},
): Promise<{ status: number; body: T }> {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/** POST /api/access/status as the user. */
export async function accessStatus(request: APIRequestContext, token: string): Promise<AccessStatus> {
  const { status, body } = await postJson<AccessStatus>(request, '/api/access/status', token);
  expect(status).toBe(200);
  return body;
}

/** POST /api/dev/clock/advance: moves this account's billing clock (and its Stripe test clock). */
export async function advanceClock(request: APIRequestContext, token: string, seconds: number): Promise<AccessStatus> {
  const { status, body } = await postJson<AccessStatus>(request, '/api/dev/clock/advance', token, { seconds });
  expect(status, 'the stack runs with BILLING_TEST_CLOCK=on').toBe(200);
  return body;
}

/** The account page's date as the browser writes it (English, long; the journeys run in UTC). */
export function longDate(iso: string | Date): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** One calendar year later, as Stripe moves a yearly period's end. */
export function plusOneYear(iso: string): Date {
  const d = new Date(iso);
  return new Date(
    Date.UTC(
      d.getUTCFullYear() + 1,
      d.getUTCMonth(),
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
}

/** From the account page: "Choose plan" for `plan`, then on Stripe's hosted Checkout types the card and pays. */
export async function checkout(page: Page, baseURL: string, plan: 'Monthly' | 'Yearly', card: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await accountPage(page)
    .getByRole('button', { name: `Choose plan: ${plan}` })
    .click();
  await page.waitForURL((url) => url.origin !== origin);
  await fillBillingAddress(page);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** A billing address in Germany, as Stripe Tax's Checkout asks for one; `vatNumber` for a business. */
export async function fillBillingAddress(page: Page, vatNumber?: string): Promise<void> {
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Country or region').selectOption('DE');
  await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('City').fill('Berlin');
  if (vatNumber) await page.getByLabel(/VAT number/).fill(vatNumber);
}

/** Pays `plan` with Stripe's always-succeeding test card and waits for the paid plan on the account page. */
export async function payDuringTrial(page: Page, baseURL: string, plan: 'Monthly' | 'Yearly'): Promise<void> {
  await checkout(page, baseURL, plan, '4242 4242 4242 4242');
  await page.waitForURL((url) => url.origin === new URL(baseURL).origin && url.pathname === '/account');
  await expect(accountPage(page).getByTestId('subscription-badge')).toHaveText(
    plan === 'Yearly' ? 'Pro (Annual)' : 'Pro (Monthly)',
    { timeout: 30_000 },
  );
}
