import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { downloadCount, endpointsFromEnv } from '../load/lib/fixtures.ts';
import { linkTestClock } from '../support/link-test-clock.ts';
import { journeyEmail, makeFiles, openUploadSignedIn, uploadedRows } from './support/upload.ts';

/**
 * Downloads on two days, as the link service counts them: its test clock (LINK_TEST_CLOCK=1, moved
 * through the `test` principal's key, FERRY_TEST_CALLER_KEY) puts two downloads on one day and one on
 * the next. The owner is in Tokyo and both downloads fall at 00:30 there, when it is still the day
 * before in UTC: the bars are the owner's days, not the server's.
 */
const ZONE = 'Asia/Tokyo';
/** Tokyo keeps UTC+9 all year: 00:30 there is 15:30 UTC. */
const TOKYO_0030_UTC = { hours: 15, minutes: 30 };
const DAY_S = 86_400;

/** Seconds from now to the next 00:30 in Tokyo (at least a minute ahead). */
function secondsToNextTokyoHalfPastMidnight(now = Date.now()): number {
  const d = new Date(now);
  let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), TOKYO_0030_UTC.hours, TOKYO_0030_UTC.minutes);
  if (at < now + 60_000) at += DAY_S * 1000;
  return Math.ceil((at - now) / 1000);
}

function testClockFromEnv() {
  const linkAddr = (process.env.FERRY_GRPC_ADDRS ?? '').split(',')[0];
  const key = process.env.FERRY_TEST_CALLER_KEY;
  if (!linkAddr || !key)
    throw new Error('FERRY_GRPC_ADDRS and FERRY_TEST_CALLER_KEY are not set (npm test passes them for its stack)');
  return linkTestClock(linkAddr, key);
}

test.describe('download statistics over two days', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ timezoneId: ZONE });

  test('two downloads on one day and one on the next show as two bars, 2:1, with the right totals and dates', async ({
    page,
    baseURL,
  }) => {
    const ep = endpointsFromEnv();
    const clock = testClockFromEnv();
    const { dir } = makeFiles({ 'two-days.txt': 2048 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('stats-days'));
    await page.getByTestId('file-input').setInputFiles(join(dir, 'two-days.txt'));
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: 'two-days.txt' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    const slug = (await row.getAttribute('data-slug'))!;

    const download = async () => {
      const res = await fetch(new URL(`/api/d/${slug}`, baseURL), { redirect: 'manual' });
      expect(res.status).toBe(302);
    };
    // The gateway hands counts to the link service in batches, counted at the link service's now
    // when a batch arrives: each day's downloads must be counted before the clock moves on.
    const counted = (n: number) =>
      expect.poll(() => downloadCount(ep, slug), { timeout: 30_000, message: `${n} downloads counted` }).toBe(n);

    const firstOffset = secondsToNextTokyoHalfPastMidnight();
    let day1: Date;
    let day2: Date;
    try {
      day1 = await clock.setOffset(firstOffset);
      await download();
      await download();
      await counted(2);
      day2 = await clock.setOffset(firstOffset + DAY_S);
      await download();
      await counted(3);
    } finally {
      await clock.setOffset(0);
      clock.close();
    }

    const tokyoDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(d);
    const utcDate = (d: Date) => d.toISOString().slice(0, 10);
    // The premise of the zone check: at these moments Tokyo is already on the next day.
    expect(tokyoDate(day1)).not.toBe(utcDate(day1));

    await page.reload();
    const listed = uploadedRows(page).filter({ hasText: 'two-days.txt' });
    await expect(listed.getByTestId('row-downloads')).toHaveText('3 downloads', { timeout: 20_000 });
    await listed.getByTestId('row-stats').click();
    const dialog = page.getByTestId('stats-dialog');
    await expect(dialog.getByTestId('stats-total')).toHaveText('3 downloads in all');
    const bars = dialog.getByTestId('stats-bar');
    await expect(bars).toHaveCount(2);
    await expect(bars.nth(0)).toHaveAttribute('data-date', tokyoDate(day1));
    await expect(bars.nth(0)).toHaveAttribute('data-downloads', '2');
    await expect(bars.nth(1)).toHaveAttribute('data-date', tokyoDate(day2));
    await expect(bars.nth(1)).toHaveAttribute('data-downloads', '1');
    const heights = await bars.evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
    expect(heights[0]).toBeGreaterThan(100);
    expect(heights[0]! / heights[1]!).toBeCloseTo(2, 5);

    // First and latest download: the days of the two moved clocks, written as the page writes dates.
    const shownDate = (d: Date) =>
      page.evaluate((ms) => new Date(ms).toLocaleDateString('en', { dateStyle: 'medium' }), d.getTime());
    await expect(dialog.getByTestId('stats-first')).toContainText(await shownDate(day1));
    await expect(dialog.getByTestId('stats-last')).toContainText(await shownDate(day2));
    await page.screenshot({ path: `${process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-stats-shots'}/stats-two-days.png` });
  });
});
