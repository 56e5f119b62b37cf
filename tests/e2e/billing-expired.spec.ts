import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { shorten, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { accessStatus, accountPage, advanceClock, DAY_S, signInWithTrial, uniqueEmail } from './support/billing.ts';

/**
 * A trial moved past its end with the test clock: the upload screen shows the ended trial with
 * the way to the plans instead of the drop zone, the gateway refuses a new link with 402, and a
 * link made during the trial still downloads (and can still be extended).
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

test('an ended trial: expired upload screen, POST /api/shorten answers 402, an existing link still downloads', async ({ page, browser, baseURL }) => {
  const token = await signInWithTrial(page, baseURL!, uniqueEmail('expired'));
  const config = (await (await page.request.get('/api/config')).json()) as { driveRootUrl: string };
  const ep: FerryEndpoints = { baseUrl: new URL(baseURL!).origin, issuer: '', driveRootUrl: process.env.FERRY_DRIVE_ROOT_URL ?? config.driveRootUrl };
  const content = Buffer.from(`made during the trial ${Date.now()}\n`);
  const made = await shorten(ep, token, await uploadSharedFile(ep, token, 'during-trial.txt', content));

  const ended = await advanceClock(page.request, token, 90 * DAY_S + 3_600);
  expect(ended).toMatchObject({ state: 'expired', phase: 'expired' });

  await page.goto('/upload');
  const panel = page.getByTestId('upload-expired');
  await expect(panel.getByRole('heading', { name: 'Your trial has ended' })).toBeVisible();
  await expect(page.getByTestId('dropzone')).toHaveCount(0);
  await expect(page.getByTestId('upload-button')).toHaveCount(0);

  // The browser is not the guard: the gateway refuses a new link itself.
  const another = await uploadSharedFile(ep, token, 'after-the-end.txt', Buffer.from('too late\n'));
  const refused = await page.request.post('/api/shorten', { headers: { authorization: `Bearer ${token}` }, data: { fileId: another } });
  expect(refused.status()).toBe(402);
  expect(await refused.json()).toMatchObject({ code: 'subscription_expired', error: expect.any(String) });

  // The link made during the trial keeps working for a recipient, and its owner may still extend it.
  const recipient = await browser.newContext({ acceptDownloads: true, locale: 'en-US' });
  try {
    const r = await recipient.newPage();
    await r.goto(`/r/${made.shortId}`);
    const downloading = r.waitForEvent('download');
    await r.locator('[data-remote="download"]').getByRole('link', { name: 'Download' }).click();
    expect((await readFile((await (await downloading).path())!)).equals(content)).toBe(true);
  } finally {
    await recipient.close();
  }
  const later = new Date(Date.parse(made.expiresAt) + DAY_S * 1000).toISOString();
  const extended = await page.request.patch('/api/shorten', { headers: { authorization: `Bearer ${token}` }, data: { slug: made.shortId, expiresAt: later } });
  expect(extended.status()).toBe(200);

  // The way to the plans.
  await panel.getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(accountPage(page).getByTestId('subscription-badge')).toHaveText('Expired');
  await expect(accountPage(page).getByTestId('plan-yearly')).toBeVisible();
  expect((await accessStatus(page.request, token)).state).toBe('expired');
});
