import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { journeyEmail, makeFiles, openUploadSignedIn, tokenOf, uploadedRows } from './support/upload.ts';

/**
 * Journey (issue 21): the sender picks how long the link lives before uploading. 3 days shows on the
 * queue row, on the uploaded row's countdown and on the download page; after a reload 3 days is still
 * the choice. The gateway refuses an expiry in the past or past the 30-day cap with 400 and a code.
 * Screenshots of the picker with a queue at 1280×800 and 390×844, in English and Arabic, go to
 * FERRY_SHOTS_DIR (default /tmp/ferry-expiry-shots).
 */
test.use({ locale: 'en-US' });

const DAY = 86_400_000;
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-expiry-shots';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

test.describe('upload screen: expiry chosen at upload', () => {
  test.describe.configure({ timeout: 120_000 });

  test('3 days: on the queue row, the uploaded row and the download page; remembered after a reload', async ({
    page,
    baseURL,
    browser,
  }) => {
    const { dir } = makeFiles({ 'three-days.txt': 3000 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('expiry'));
    const choice = page.getByTestId('expiry-choice');
    await expect(choice).toHaveValue('7');
    await expect(choice.locator('option')).toHaveText(['1 day', '3 days', '7 days', '14 days']);
    await choice.selectOption('3');
    await expect(page.getByText('Links stay valid for 3 days')).toBeVisible();

    await page.getByTestId('file-input').setInputFiles(join(dir, 'three-days.txt'));
    await expect(page.getByTestId('queue-expiry')).toHaveText('Link: 3 days');
    const started = Date.now();
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: 'three-days.txt' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByTestId('countdown')).toHaveText(/^2d 23h 5\dm \d{1,2}s$/);

    const finished = Date.now();
    // The link service keeps it: 3 days from the upload, not the 7-day default.
    const slug = (await row.getAttribute('data-slug'))!;
    const meta = (await (await fetch(new URL(`/api/s?slug=${slug}&meta=1`, baseURL))).json()) as { expiresAt: string };
    expect(Date.parse(meta.expiresAt)).toBeGreaterThanOrEqual(started + 3 * DAY);
    expect(Date.parse(meta.expiresAt)).toBeLessThanOrEqual(finished + 3 * DAY);

    const recipient = await browser.newContext({ locale: 'en-US' });
    try {
      const download = await recipient.newPage();
      await download.goto(`/r/${slug}`);
      await expect(download.locator('[data-remote="download"] [data-field="time-left"]')).toHaveText(
        /^(3d 0h|2d 23h)$/,
      );
    } finally {
      await recipient.close();
    }

    await page.reload();
    await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
    await expect(page.getByTestId('expiry-choice')).toHaveValue('3');

    // The rule at the API: an expiry in the past or past the 30-day cap is a 400 with its code.
    const token = await tokenOf(page);
    const fileId = (await row.getAttribute('data-file-id'))!;
    for (const [offset, code] of [
      [-3_600_000, 'expiry_in_past'],
      [31 * DAY, 'expiry_past_cap'],
    ] as const) {
      const res = await fetch(new URL('/api/shorten', baseURL), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fileId, expiresAt: new Date(Date.now() + offset).toISOString() }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
  });

  test('1 day for two files zipped into one upload', async ({ page, baseURL }) => {
    const { dir } = makeFiles({ 'day-a.txt': 1000, 'day-b.txt': 2000 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('expiry-zip'));
    await page.getByTestId('expiry-choice').selectOption('1');
    await page.getByTestId('file-input').setInputFiles([join(dir, 'day-a.txt'), join(dir, 'day-b.txt')]);
    await expect(page.getByTestId('queue-expiry')).toHaveText(['Link: 1 day', 'Link: 1 day']);
    const started = Date.now();
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: /_2_files\.zip/ });
    await expect(row).toBeVisible({ timeout: 60_000 });
    const finished = Date.now();
    await expect(row.getByTestId('countdown')).toHaveText(/^23h 5\dm \d{1,2}s$/);
    const slug = (await row.getAttribute('data-slug'))!;
    const meta = (await (await fetch(new URL(`/api/s?slug=${slug}&meta=1`, baseURL))).json()) as { expiresAt: string };
    expect(Date.parse(meta.expiresAt)).toBeGreaterThanOrEqual(started + DAY);
    expect(Date.parse(meta.expiresAt)).toBeLessThanOrEqual(finished + DAY);
  });

  test('14 days for a folder upload: one transfer, one link', async ({ page, baseURL }) => {
    const { dir } = makeFiles({ 'fortnight-a.bin': 300_000, 'fortnight-b.bin': 300_000 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('expiry-folder'));
    // Over a lowered threshold the set goes up as a folder of files (ferry_upload_folder_threshold).
    await page.evaluate(() => window.localStorage.setItem('ferry_upload_folder_threshold', String(500_000)));
    await page.getByTestId('expiry-choice').selectOption('14');
    await page.getByTestId('file-input').setInputFiles([join(dir, 'fortnight-a.bin'), join(dir, 'fortnight-b.bin')]);
    const started = Date.now();
    await page.getByTestId('upload-button').click();
    await expect(uploadedRows(page)).toHaveCount(1, { timeout: 60_000 });
    const row = uploadedRows(page).first();
    await expect(row.getByTestId('row-file-count')).toHaveText('2 files');
    const finished = Date.now();
    await expect(row.getByTestId('countdown')).toHaveText(/^13d 23h 5\dm \d{1,2}s$/);
    const slug = (await row.getAttribute('data-slug'))!;
    const meta = (await (await fetch(new URL(`/api/s?slug=${slug}&meta=1`, baseURL))).json()) as { expiresAt: string };
    expect(Date.parse(meta.expiresAt)).toBeGreaterThanOrEqual(started + 14 * DAY);
    expect(Date.parse(meta.expiresAt)).toBeLessThanOrEqual(finished + 14 * DAY);
  });

  test('the picker with a queue, on a desktop and a phone, left to right and right to left', async ({
    page,
    baseURL,
  }) => {
    const { dir } = makeFiles({ 'quarterly-report-final-version.pdf': 2048, 'photo.jpg': 4096 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('expiry-shots'));
    await page
      .getByTestId('file-input')
      .setInputFiles([join(dir, 'quarterly-report-final-version.pdf'), join(dir, 'photo.jpg')]);
    await page.getByTestId('expiry-choice').selectOption('14');
    for (const lng of ['en', 'ar'] as const) {
      if (lng === 'ar') {
        // The header's switcher: the page changes language in place, the queue stays.
        await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByTestId('queue-expiry').first()).toHaveText('الرابط: 14 يومًا');
      } else {
        await expect(page.getByTestId('queue-expiry').first()).toHaveText('Link: 14 days');
      }
      for (const [size, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        if (size === 'phone') {
          const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          expect(scrolls).toBe(false);
          expect((await page.getByTestId('expiry-choice').boundingBox())!.height).toBeGreaterThanOrEqual(44);
        }
        await shot(page, `upload-expiry-${lng}-${size}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
