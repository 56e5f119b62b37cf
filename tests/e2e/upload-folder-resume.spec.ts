import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  DriveProbe,
  driveRoot,
  journeyEmail,
  makeFiles,
  openUploadSignedIn,
  slowUplink,
  tokenOf,
} from './support/upload.ts';

const MiB = 1024 * 1024;
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-upload-shots';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const en = JSON.parse(readFileSync(new URL('../../mfe-upload/public/locales/en/upload.json', import.meta.url), 'utf8'));

/** Three at a time, small ones first: a reload at 40 % finds files finished, begun and not yet begun. */
const FOLDER = {
  'photos/a.bin': 2 * MiB,
  'photos/b.bin': 2 * MiB,
  'photos/c.bin': 2 * MiB,
  'photos/raw/d.bin': 12 * MiB,
  'photos/raw/e.bin': 12 * MiB,
  'photos/raw/f.bin': 12 * MiB,
  'photos/raw/g.bin': 11 * MiB,
  'photos/raw/h.bin': 11 * MiB,
};
const COUNT = Object.keys(FOLDER).length;
const TOTAL = Object.values(FOLDER).reduce((a, b) => a + b, 0);

const percentNow = (page: Page) =>
  page
    .getByRole('progressbar')
    .getAttribute('aria-valuenow', { timeout: 1_000 })
    .then(Number)
    .catch(() => 0);

test('a folder upload reloaded at about 40 % continues after the folder is picked again', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const root = await driveRoot(baseURL!);
  const { dir, files } = makeFiles(FOLDER);
  await openUploadSignedIn(page, baseURL!, journeyEmail('folder-resume'));
  // Over the (lowered) threshold: a folder, each file its own session; chunks of at most 8 MiB.
  await page.evaluate(() => {
    window.localStorage.setItem('ferry_upload_folder_threshold', String(1024 * 1024));
    window.localStorage.setItem('ferry_upload_tuning', JSON.stringify({ chunkMaxBytes: 8 * 1024 * 1024 }));
  });
  await slowUplink(page);
  await page.getByTestId('folder-input').setInputFiles(join(dir, 'photos'));
  await page.getByTestId('upload-button').click();
  await expect.poll(() => percentNow(page), { timeout: 120_000, intervals: [250] }).toBeGreaterThanOrEqual(40);
  const before = await percentNow(page);

  const ranges: { url: string; range: string }[] = [];
  const sessionsOpened: string[] = [];
  page.on('request', (r) => {
    const range = r.headers()['content-range'];
    if (r.method() === 'PUT' && range) ranges.push({ url: r.url(), range });
    if (r.method() === 'POST' && r.url().includes('uploadType=resumable')) sessionsOpened.push(r.postData() ?? '');
  });
  await page.reload();
  const pending = page.getByTestId('pending-folder');
  await expect(pending).toBeVisible({ timeout: 30_000 });
  await expect(pending).toContainText(/upload_\d{4}-\d{2}-\d{2}_\w+_8_files/);
  const listed = (await pending.textContent()) ?? '';
  const doneBefore = Number(/(\d+)\/8/.exec(listed)?.[1]);
  console.log(`[upload-folder-resume] listed after the reload: ${listed}`);
  expect(doneBefore, 'some files were finished before the reload').toBeGreaterThanOrEqual(1);
  expect(doneBefore, 'some files were not').toBeLessThan(COUNT);
  for (const [name, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await pending.screenshot({ path: join(SHOTS, `folder-pending-${name}.png`) });
  }
  await page.setViewportSize(SIZES.desktop);

  await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
  await slowUplink(page);
  await page.getByTestId('folder-input').setInputFiles(join(dir, 'photos'));
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('resumed-from')).toBeVisible();
  // One link for the whole folder (issue 21), over the files finished before the reload too.
  await expect(page.getByTestId('finished-row')).toHaveCount(1, { timeout: 180_000 });
  await expect(page.getByTestId('finished')).toContainText(en.done.title);
  await expect(page.getByTestId('pending')).toHaveCount(0);
  for (const [name, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await page.getByTestId('finished').screenshot({ path: join(SHOTS, `folder-finished-${name}.png`) });
  }

  const resent = ranges
    .map((r) => /^bytes (\d+)-(\d+)\//.exec(r.range))
    .filter((m): m is RegExpExecArray => m !== null)
    .reduce((sum, m) => sum + Number(m[2]) - Number(m[1]) + 1, 0);
  const continued = new Set(ranges.filter((r) => r.range.startsWith('bytes */')).map((r) => r.url)).size;
  console.log(
    `[upload-folder-resume] reloaded at ${before} %, ${doneBefore} of ${COUNT} files finished; after the reload: ${continued} sessions continued, ${sessionsOpened.length} new sessions, ${(resent / MiB).toFixed(1)} MiB sent = ${((resent / TOTAL) * 100).toFixed(1)} % of ${TOTAL / MiB} MiB`,
  );
  expect(continued, 'begun files ask the drive for their confirmed range').toBeGreaterThanOrEqual(1);
  expect(sessionsOpened.length, 'files not yet begun get a session').toBeGreaterThanOrEqual(1);
  // Finished files are skipped, begun ones continue: only the files never begun open a session.
  expect(continued + sessionsOpened.length).toBe(COUNT - doneBefore);
  expect(resent).toBeLessThan(0.7 * TOTAL);

  // One folder at the drive, holding every file byte for byte.
  const drive = new DriveProbe(root, await tokenOf(page));
  const top = await drive.children((await drive.rootFolder()).id);
  expect(top).toHaveLength(1);
  const inner = await drive.children(top[0]!.id);
  expect(inner.map((f) => f.name).sort()).toEqual(Object.keys(FOLDER).sort());
  for (const f of inner) expect((await drive.bytes(f.id)).equals(files.get(f.name)!), f.name).toBe(true);
});
