import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gatewayCallback, signInThroughGateway } from '../support/gateway-sign-in.ts';
import { logoutButton, signInFromHeader, storedToken } from './support/auth.ts';

test.use({ locale: 'en-US' });

const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-handover-shots';
const ALICE = 'alice.handover@example.com';
const MALLORY = 'mallory.handover@example.com';

/** Who the page's stored session is, as the gateway says (`GET /api/me` with the stored token). */
async function sessionEmail(page: Page): Promise<string | undefined> {
  const token = await storedToken(page);
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  return me.ok() ? ((await me.json()) as { email: string }).email : undefined;
}

/** Opens a crafted callback link; resolves once the shell has left the callback page. */
async function openCrafted(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL((u) => u.pathname !== '/auth/callback');
}

test('a crafted /auth/callback link leaves the signed-in session as it is', async ({ page, baseURL }) => {
  await page.goto('/');
  await signInFromHeader(page, baseURL!, ALICE);
  const alicesToken = await storedToken(page);
  expect(alicesToken).toBeTruthy();
  expect(await sessionEmail(page)).toBe(ALICE);

  // The attacker signs in in their own browser: a token of their account, and a hand-over code that
  // the gateway issued to that browser, not yet redeemed.
  const attackersToken = (await signInThroughGateway(baseURL!, MALLORY)).accessToken;
  const attackers = await gatewayCallback(baseURL!, MALLORY);
  const attackersCode = attackers.code;

  // The old hand-over: a token in the fragment. The shell no longer reads one from the address.
  const handovers: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/handover') handovers.push(r.status());
  });
  await openCrafted(page, `/auth/callback#access_token=${attackersToken}&token_type=Bearer&expires_in=3599`);
  expect(handovers).toEqual([]);
  expect(await storedToken(page)).toBe(alicesToken);
  expect(await sessionEmail(page)).toBe(ALICE);

  // The new hand-over with a code this browser did not start: the attacker's real one, a made-up
  // one, and the same as a silent refresh. The gateway refuses each; the session stays.
  for (const fragment of [
    `code=${attackersCode}&next=%2Fupload`,
    'code=made-up-code-0123456789abcdefghijklmnopqrstu&next=%2Fupload',
    `code=made-up-code-silent-0123456789abcdefghijklmn&silent=1&next=${encodeURIComponent('/faq')}`,
  ]) {
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/handover');
    await openCrafted(page, `/auth/callback#${fragment}`);
    expect((await refused).status()).toBe(400);
    expect(await storedToken(page)).toBe(alicesToken);
    expect(await sessionEmail(page)).toBe(ALICE);
  }

  // What the page shows: still alice.
  await page.goto('/account');
  await expect(logoutButton(page)).toBeVisible();
  await expect(page.getByText(`Signed in as ${ALICE}`)).toBeVisible();
  // The attacker's code was burnt by the refused try: not even their own browser can use it now.
  await expect(attackers.redeem()).rejects.toThrow('HTTP 400');
});

test('signed out, a crafted callback link signs nobody in and says the sign-in did not finish', async ({
  page,
  baseURL,
}) => {
  const attackersToken = (await signInThroughGateway(baseURL!, MALLORY)).accessToken;
  const attackersCode = (await gatewayCallback(baseURL!, MALLORY)).code;
  mkdirSync(SHOTS, { recursive: true });
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    for (const fragment of [`access_token=${attackersToken}`, `code=${attackersCode}`]) {
      await openCrafted(page, `/auth/callback#${fragment}`);
      await expect(page.getByTestId('sign-in-error')).toHaveText('Signing in did not finish. Please try again.');
      expect(await storedToken(page)).toBeNull();
      await expect(
        page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }),
      ).toBeVisible();
    }
    await page.screenshot({ path: join(SHOTS, `crafted-callback-${name}.png`) });
  }
});
