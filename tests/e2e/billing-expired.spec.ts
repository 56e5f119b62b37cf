import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { shorten, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { accessStatus, accountPage, advanceClock, DAY_S, signInWithTrial, uniqueEmail } from './support/billing.ts';
import { DriveProbe, driveRoot, makeFiles, uploadedRows } from './support/upload.ts';

/**
 * A trial moved past its end with the test clock: the upload screen shows the ended trial with
 * the way to the plans instead of the drop zone, the gateway refuses a new link with 402, and a
 * link made during the trial still downloads (and can still be extended). When the screen still
 * believed in the trial, the gateway's 402 ends the upload on the same screen, with no raw drive
 * link handed out.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

test('an ended trial: expired upload screen, POST /api/shorten answers 402, an existing link still downloads', async ({
  page,
  browser,
  baseURL,
}) => {
  const token = await signInWithTrial(page, baseURL!, uniqueEmail('expired'));
  const config = (await (await page.request.get('/api/config')).json()) as { driveRootUrl: string };
  const ep: FerryEndpoints = {
    baseUrl: new URL(baseURL!).origin,
    issuer: '',
    driveRootUrl: process.env.FERRY_DRIVE_ROOT_URL ?? config.driveRootUrl,
  };
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
  const refused = await page.request.post('/api/shorten', {
    headers: { authorization: `Bearer ${token}` },
    data: { fileId: another },
  });
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
  const extended = await page.request.patch('/api/shorten', {
    headers: { authorization: `Bearer ${token}` },
    data: { slug: made.shortId, expiresAt: later },
  });
  expect(extended.status()).toBe(200);

  // The way to the plans.
  await panel.getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(accountPage(page).getByTestId('subscription-badge')).toHaveText('Expired');
  await expect(accountPage(page).getByTestId('plan-yearly')).toBeVisible();
  expect((await accessStatus(page.request, token)).state).toBe('expired');
});

test('a 402 from POST /api/shorten during an upload: the expired screen, no fallback link, the file not left public', async ({
  page,
  baseURL,
}) => {
  const token = await signInWithTrial(page, baseURL!, uniqueEmail('gate'));
  await advanceClock(page.request, token, 90 * DAY_S + 3_600);
  // The screen's own check still sees the trial (as a page opened before the end would):
  // the gateway is the guard.
  await page.route('**/api/access/status', (route) =>
    route.fulfill({
      json: {
        phase: 'trial',
        plan: 'trial',
        state: 'trial',
        remaining_days: 1,
        total_days: 90,
        paid_until: new Date(Date.now() + DAY_S * 1000).toISOString(),
        cancelled_at: null,
        starts_at: null,
        grace_until: null,
      },
    }),
  );
  const linkCalls: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/shorten')) linkCalls.push({ url: new URL(r.url()).pathname, status: r.status() });
  });
  await page.goto('/upload');
  await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });

  const { dir } = makeFiles({ 'late.bin': 4096 });
  await page.getByTestId('file-input').setInputFiles(`${dir}/late.bin`);
  await page.getByTestId('upload-button').click();

  await expect(page.getByTestId('upload-expired').getByRole('heading', { name: 'Your trial has ended' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('dropzone')).toHaveCount(0);
  expect(linkCalls).toEqual([{ url: '/api/shorten', status: 402 }]);
  await expect(uploadedRows(page)).toHaveCount(0);

  // The uploaded bytes are not left readable by anyone without a Ferry link: in the owner's trash.
  const drive = new DriveProbe(await driveRoot(baseURL!), token);
  const root = await drive.rootFolder();
  expect(await drive.children(root.id)).toEqual([]);
  const trashed = await drive.list("name = 'late.bin' and trashed = true");
  expect(trashed).toHaveLength(1);
});
