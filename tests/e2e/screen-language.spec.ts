import { expect, test } from '@playwright/test';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { uniqueEmail } from './support/billing.ts';
import { localeText } from './support/locale-text.ts';
import { DriveProbe, openUploadSignedIn, tokenOf, uploadedRows } from './support/upload.ts';

/**
 * The screens speak the page's language to the last unit: a deleted link's page, the countdown on
 * the upload row and the download page, and the language switcher on a page in a language it does
 * not offer.
 */

test('a deleted link shows one heading and one message, in English, German and Arabic', async ({ browser }) => {
  const ep = endpointsFromEnv();
  const token = await devToken(ep, 'deleted-link@example.com');
  const { shortId } = await shorten(ep, token, await uploadSharedFile(ep, token, 'removed.txt', Buffer.from('x\n')));
  const removed = await fetch(`${ep.baseUrl}/api/shorten`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slug: shortId }),
  });
  expect(removed.status).toBe(204);

  for (const lng of ['en', 'de', 'ar']) {
    const context = await browser.newContext({ locale: lng });
    const page = await context.newPage();
    await page.goto(`/r/${shortId}?lng=${lng}`);
    const remote = page.locator('[data-remote="download"]');
    await expect(remote.locator('[data-screen="not-found"]')).toHaveAttribute('data-reason', 'removed');
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(remote.locator('h1, h2, h3, h4, h5, h6')).toHaveCount(1);
    await expect(remote.getByRole('heading', { level: 1 })).toHaveText(
      localeText('download', lng, 'notFound.removed.title'),
    );
    await expect(remote.locator('p')).toHaveCount(1);
    await expect(remote.locator('p')).toHaveText(localeText('download', lng, 'notFound.removed.text'));
    await expect(remote.getByRole('link', { name: localeText('download', lng, 'notFound.home') })).toBeVisible();
    await expect(page.getByText('Link niet gevonden')).toHaveCount(0);
    if (lng !== 'en') await expect(remote).not.toContainText(localeText('download', 'en', 'notFound.removed.title'));
    await context.close();
  }
});

/** The folder the upload screen lists (`_ferryuploads`, tagged as the screen tags it); made when the screen has none yet. */
async function uploadsFolder(drive: DriveProbe): Promise<string> {
  const [tagged] = await drive.list("appProperties has { key='ferry_root' and value='true' } and trashed = false");
  if (tagged) return tagged.id;
  const res = await fetch(`${drive.root}/drive/v3/files?fields=id`, {
    method: 'POST',
    headers: { authorization: `Bearer ${drive.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferry_root: 'true' },
    }),
  });
  expect(res.ok, `folder: ${res.status}`).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** 2 days, 3 hours, 4 minutes and 5 seconds: every unit shows, none is zero. */
const LEFT_MS = (((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000;
const COUNTDOWNS = {
  en: { row: '2d 3h 4m 5s', label: '2d 3h' },
  de: { row: '2 Tg., 3 Std., 4 Min. und 5 Sek.', label: '2 Tg., 3 Std.' },
  ja: { row: '2日3時間4分5秒', label: '2日3時間' },
  ar: { row: '2 ي و3 س و4 د و5 ث', label: '2 ي و3 س' },
} as const;

for (const [lng, expected] of Object.entries(COUNTDOWNS)) {
  test(`the countdown reads naturally in ${lng} on the upload row and the download page`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: lng, timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(`/?lng=${lng}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await openUploadSignedIn(page, baseURL!, uniqueEmail(`countdown-${lng}`));
    const ep = endpointsFromEnv();
    const token = await tokenOf(page);
    // Whole seconds, so that the frozen page clock is exactly LEFT_MS before the expiry.
    const expiresAt = Math.ceil((Date.now() + LEFT_MS + 60_000) / 1000) * 1000;
    const folder = await uploadsFolder(new DriveProbe(ep.driveRootUrl, token));
    const fileId = await uploadSharedFile(ep, token, 'countdown.txt', Buffer.from('t\n'), folder);
    const { shortId } = await shorten(ep, token, fileId, { expiresAt: new Date(expiresAt).toISOString() });
    await page.clock.setFixedTime(expiresAt - LEFT_MS);

    await page.goto('/upload');
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(uploadedRows(page).first().getByTestId('countdown')).toHaveText(expected.row, { timeout: 30_000 });

    await page.goto(`/r/${shortId}`);
    await expect(page.locator('[data-remote="download"] [data-field="time-left"]')).toHaveText(expected.label, {
      timeout: 30_000,
    });
    await context.close();
  });
}

test('the switcher names the page language when it does not offer it (Hebrew)', async ({ page }) => {
  await page.goto('/?lng=he');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const switcher = page.getByRole('combobox', { name: localeText('shell', 'he', 'language.label') });
  await expect(switcher).toHaveValue('he');
  await expect(switcher.locator('option:checked')).toHaveText(localeText('shell', 'he', 'language.he'));
  // The offered list stays as spec §2 has it: Hebrew is shown as the current choice, added once.
  await expect(switcher.locator('option[value="he"]')).toHaveCount(1);
  await expect(switcher.locator('option[value="nl"]')).not.toHaveJSProperty('selected', true);
});
