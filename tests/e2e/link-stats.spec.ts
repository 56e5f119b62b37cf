import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { journeyEmail, makeFiles, openUploadSignedIn, uploadedRows } from './support/upload.ts';

/**
 * A row's statistics panel: downloads counted by the link service show as a bar per day with its
 * height, the total and the first and latest download, in English and in Arabic. Screenshots at
 * 1280×800 and 390×844 go to FERRY_SHOTS_DIR (default /tmp/ferry-stats-shots).
 */
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-stats-shots';

test.describe('download statistics of a link', () => {
  test.describe.configure({ timeout: 120_000 });

  test('three downloads show as the day’s bar, the total and the first and latest download', async ({
    page,
    baseURL,
  }) => {
    const { dir } = makeFiles({ 'stats-file.txt': 1024 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('stats'));
    await page.getByTestId('file-input').setInputFiles(join(dir, 'stats-file.txt'));
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: 'stats-file.txt' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    const slug = (await row.getAttribute('data-slug'))!;

    await row.getByTestId('row-stats').click();
    const dialog = page.getByTestId('stats-dialog');
    await expect(dialog.getByTestId('stats-none')).toBeVisible();
    await expect(dialog.getByTestId('stats-total')).toHaveText('0 downloads in all');
    await dialog.getByTestId('stats-close').click();

    for (let i = 0; i < 3; i++) {
      const dl = await fetch(new URL(`/api/d/${slug}`, baseURL), { redirect: 'manual' });
      expect(dl.status).toBe(302);
    }
    await expect(row.getByTestId('row-downloads')).toHaveText('3 downloads', { timeout: 20_000 });

    await row.getByTestId('row-stats').click();
    await expect(dialog.getByTestId('stats-total')).toHaveText('3 downloads in all');
    const bars = dialog.getByTestId('stats-bar');
    await expect(bars).toHaveCount(1);
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
    await expect(bars.first()).toHaveAttribute('data-date', today);
    await expect(bars.first()).toHaveAttribute('data-downloads', '3');
    // The only day is the tallest: the full plot height.
    expect(Number(await bars.first().getAttribute('height'))).toBeGreaterThan(100);
    await expect(dialog.getByTestId('stats-first')).not.toHaveText('—');
    await expect(dialog.getByTestId('stats-last')).not.toHaveText('—');
    await page.screenshot({ path: `${SHOTS}/stats-desktop.png` });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL('/upload?lng=ar', baseURL).toString());
    const arRow = uploadedRows(page).filter({ hasText: 'stats-file.txt' });
    await arRow.getByTestId('row-stats').click();
    await expect(dialog.getByTestId('stats-total')).toHaveText('3 تنزيلات إجمالًا');
    await expect(dialog.getByTestId('stats-bar')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/stats-phone-ar.png` });
  });
});
