import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  clearFaults,
  DriveProbe,
  driveAdmin,
  driveRoot,
  journeyEmail,
  makeFiles,
  openUploadSignedIn,
  slowUplink,
  tokenOf,
  uploadedRows,
} from './support/upload.ts';

const MiB = 1024 * 1024;
/** Screenshots of the finish and the retry line, at desktop and phone size (kept out of git). */
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-upload-shots';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const locale = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../mfe-upload/public/locales/${lng}/upload.json`, import.meta.url), 'utf8'));

/** Every distinct value the progress bar showed, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { ferryProgress: Set<string> }).ferryProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const v = bar?.getAttribute('aria-valuenow');
      if (v) seen.add(v);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

const seenProgress = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { ferryProgress: Set<string> }).ferryProgress].map(Number));

const percentNow = (page: Page) =>
  page
    .getByRole('progressbar')
    .getAttribute('aria-valuenow', { timeout: 1_000 })
    .then(Number)
    .catch(() => 0);

test.describe('upload screen: progress, resume, finish and retries', () => {
  let root: string;
  test.beforeAll(async ({ baseURL }) => {
    root = await driveRoot(baseURL!);
    mkdirSync(SHOTS, { recursive: true });
  });
  test.afterEach(async () => {
    await clearFaults(root);
  });

  test('a 12 MiB upload on an 8 Mbit/s uplink moves by the byte and ends with its link as text', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { dir } = makeFiles({ 'progress.bin': 12 * MiB });
    await openUploadSignedIn(page, baseURL!, journeyEmail('progress'));
    await slowUplink(page);
    await recordProgress(page);
    await page.getByTestId('file-input').setInputFiles(join(dir, 'progress.bin'));
    await page.getByTestId('upload-button').click();
    // While it runs, the drop zone says an upload is running, not that it waits for a sign-in.
    await expect(page.getByTestId('dropzone')).toContainText(locale('en').drop.busy);
    const finished = page.getByTestId('finished-row');
    await expect(finished).toBeVisible({ timeout: 90_000 });
    const values = await seenProgress(page);
    console.log(`[upload-progress] ${values.length} distinct progress values: ${values.join(' ')}`);
    expect(new Set(values).size).toBeGreaterThanOrEqual(20);

    await expect(page.getByTestId('finished')).toContainText(locale('en').done.title);
    const linkText = (await page.getByTestId('finished-link').textContent()) ?? '';
    expect(linkText).toMatch(new RegExp(`^https?://[a-z0-9-]+\\.${new URL(baseURL!).host}/[A-Za-z0-9_-]{8,16}$`));
    const row = uploadedRows(page).filter({ hasText: 'progress.bin' });
    await expect(row.getByTestId('row-link')).toHaveAttribute('href', linkText);
    await expect(finished.getByTestId('finished-copy')).toBeVisible();
    await expect(finished.getByTestId('finished-email')).toBeVisible();
    for (const [name, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await page.getByTestId('finished').screenshot({ path: join(SHOTS, `finished-${name}.png`) });
    }
  });

  test('a 64 MiB upload reloaded at about 40 % continues after the file is picked again', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const { dir, files } = makeFiles({ 'resume.bin': 64 * MiB });
    const total = 64 * MiB;
    await openUploadSignedIn(page, baseURL!, journeyEmail('resume'));
    // Chunks of at most 8 MiB: a chunk lost at the reload cannot decide the result.
    await page.evaluate(() =>
      window.localStorage.setItem('ferry_upload_tuning', JSON.stringify({ chunkMaxBytes: 8 * 1024 * 1024 })),
    );
    await slowUplink(page);
    await page.getByTestId('file-input').setInputFiles(join(dir, 'resume.bin'));
    await page.getByTestId('upload-button').click();
    await expect.poll(() => percentNow(page), { timeout: 120_000, intervals: [250] }).toBeGreaterThanOrEqual(40);
    const before = await percentNow(page);

    const ranges: string[] = [];
    page.on('request', (r) => {
      const range = r.headers()['content-range'];
      if (r.method() === 'PUT' && range) ranges.push(range);
    });
    await page.reload();
    const pending = page.getByTestId('pending-row');
    await expect(pending).toContainText('resume.bin', { timeout: 30_000 });
    await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
    await slowUplink(page);
    await page.getByTestId('file-input').setInputFiles(join(dir, 'resume.bin'));
    await page.getByTestId('upload-button').click();
    await expect(page.getByTestId('resumed-from')).toBeVisible();
    await expect(page.getByTestId('finished-row')).toBeVisible({ timeout: 150_000 });
    await expect(page.getByTestId('pending')).toHaveCount(0);

    expect(ranges[0], 'the first request after the reload asks for the confirmed range').toBe(`bytes */${total}`);
    const resent = ranges
      .map((r) => /^bytes (\d+)-(\d+)\//.exec(r))
      .filter((m): m is RegExpExecArray => m !== null)
      .reduce((sum, m) => sum + Number(m[2]) - Number(m[1]) + 1, 0);
    console.log(
      `[upload-resume] reloaded at ${before} %; sent again after the reload: ${(resent / MiB).toFixed(1)} MiB = ${((resent / total) * 100).toFixed(1)} % of the file; ranges ${ranges.join(' | ')}`,
    );
    expect(resent).toBeLessThan(0.7 * total);
    const drive = new DriveProbe(root, await tokenOf(page));
    const [f] = (await drive.children((await drive.rootFolder()).id)).filter((x) => x.name === 'resume.bin');
    expect((await drive.bytes(f!.id)).equals(files.get('resume.bin')!)).toBe(true);
  });

  for (const lng of ['en', 'de']) {
    test(`a storm of 500s shows the retry line, then the final message (${lng})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const texts = locale(lng);
      const { dir } = makeFiles({ 'storm.bin': 6 * MiB });
      await openUploadSignedIn(page, baseURL!, journeyEmail(`storm-${lng}`));
      if (lng !== 'en') {
        await page.goto(`/upload?lng=${lng}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
      }
      // Short waits between the retries (the same count and doubling as in production).
      await page.evaluate(() =>
        window.localStorage.setItem('ferry_upload_tuning', JSON.stringify({ retryBaseMs: 100 })),
      );
      await driveAdmin(root, 'faults', {
        method: 'PUT',
        path: '/upload/drive/v3/files',
        skip: 1,
        count: 1000,
        status: 500,
      });
      await page.getByTestId('file-input').setInputFiles(join(dir, 'storm.bin'));
      await page.getByTestId('upload-button').click();
      const retryLine = page.getByTestId('retry-line');
      // A 500 answered before its body was read may reach the browser as a lost connection.
      const retryText = new RegExp(
        [texts.retry.server, texts.retry.network]
          .map((t: string) =>
            t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{(seconds|attempt|max)\\\}\\\}/g, '\\d+'),
          )
          .join('|'),
      );
      await expect(retryLine).toHaveText(retryText, { timeout: 30_000 });
      // A later attempt waits seconds: time for the screenshots.
      await expect(retryLine).toHaveAttribute('data-attempt', /^[5-9]$/, { timeout: 30_000 });
      for (const [name, size] of Object.entries(SIZES)) {
        await page.setViewportSize(size);
        await page.getByTestId('progress').screenshot({ path: join(SHOTS, `retry-${lng}-${name}.png`) });
      }
      const error = page.getByTestId('upload-error');
      await expect(error).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('upload-error-message')).toHaveText(
        texts.errors.status.replace('{{status}}', '500'),
      );
      await expect(page.getByTestId('upload-error-help')).toHaveText(texts.errorHelp.server);
      await expect(retryLine).toHaveCount(0);
      await page.setViewportSize(SIZES.desktop);
      await error.screenshot({ path: join(SHOTS, `error-${lng}-desktop.png`) });
    });
  }
});
