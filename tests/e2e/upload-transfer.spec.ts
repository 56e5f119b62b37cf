import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, openSync, closeSync, writeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DriveProbe, driveRoot, journeyEmail, openUploadSignedIn, tokenOf, uploadedRows } from './support/upload.ts';

/**
 * Issue 21, one link per transfer: a set over the multi-file threshold (lowered at run time in this
 * browser only, through the upload screen's local-storage override) is uploaded as a folder with
 * each file separately and gets ONE Ferry link. Its download page lists every file; each file's
 * own redirect (/api/d/{slug}/{n}) leads to the Drive stand-in, whose bytes hash the same as what
 * was uploaded; "Download all" starts each file; each download counts for the transfer and for its
 * file (the owner's statistics). Screenshots at 1280×800 and 390×844 (page, row and panel; English and Arabic) go to
 * FERRY_SHOTS_DIR (default /tmp/ferry-transfer-shots).
 *
 * FERRY_TRANSFER_BYTES sets the set's size (default 1.2 GiB); the files are sparse (random 64 KiB
 * blocks at the start, middle and end, zeros between), so making them costs no disk or time.
 */
const GiB = 1024 ** 3;
const TOTAL = Number(process.env.FERRY_TRANSFER_BYTES ?? Math.round(1.2 * GiB));
/** Below the spec's 1 GiB, and below the set: the lowered threshold the screen must use. */
const THRESHOLD = Math.floor(TOTAL / 2);
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-transfer-shots';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
/** Shares of the total, in upload order: a type icon each (video, video, archive, text). */
const PARTS: Array<[string, number]> = [
  ['take-1.mov', 0.5],
  ['take-2.mov', 0.3],
  ['stills.zip', 0.19],
  ['notes.txt', 0.01],
];
const BLOCK = 64 * 1024;

interface Made {
  dir: string;
  files: Array<{ name: string; size: number; sha256: string }>;
}

/** Sparse files with random blocks at both ends and in the middle; their SHA-256 read back from disk. */
async function makeSparseFiles(): Promise<Made> {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-transfer-e2e-'));
  const files: Made['files'] = [];
  let left = TOTAL;
  for (const [i, [name, share]] of PARTS.entries()) {
    const size = i === PARTS.length - 1 ? left : Math.floor(TOTAL * share);
    left -= size;
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'w');
    ftruncateSync(fd, size);
    for (const at of [0, Math.floor(size / 2), size - BLOCK]) {
      const block = randomBytes(Math.min(BLOCK, size));
      writeSync(fd, block, 0, block.length, Math.max(0, at));
    }
    closeSync(fd);
    files.push({ name, size, sha256: await sha256(createReadStream(path)) });
  }
  return { dir, files };
}

async function sha256(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES.desktop);
}

test('a set over the lowered threshold gets one link; its page lists every file, each downloads byte-identical', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(20 * 60_000);
  const root = await driveRoot(baseURL!);
  const made = await makeSparseFiles();
  console.log(
    `[upload-transfer] ${made.files.length} files, ${(TOTAL / GiB).toFixed(2)} GiB, threshold lowered to ${(THRESHOLD / GiB).toFixed(2)} GiB`,
  );

  // The owner uploads the set with the threshold lowered in this browser only.
  await openUploadSignedIn(page, baseURL!, journeyEmail('transfer'));
  await page.evaluate((t) => window.localStorage.setItem('ferry_upload_folder_threshold', String(t)), THRESHOLD);
  const shortens: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/shorten'))
      shortens.push(r.postData() ?? '');
  });
  await page.getByTestId('file-input').setInputFiles(made.files.map((f) => join(made.dir, f.name)));
  const started = Date.now();
  await page.getByTestId('upload-button').click();
  const rows = uploadedRows(page);
  await expect(rows).toHaveCount(1, { timeout: 18 * 60_000 });
  console.log(`[upload-transfer] uploaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // ONE link for the transfer: one shorten call naming the folder and every file in order.
  expect(shortens).toHaveLength(1);
  const asked = JSON.parse(shortens[0]!) as { fileId: string; files: string[] };
  expect(asked.files).toHaveLength(made.files.length);
  const row = rows.first();
  await expect(row.getByTestId('row-file-count')).toHaveText(`${made.files.length} files`);
  const slug = (await row.getAttribute('data-slug'))!;
  expect(slug).toMatch(/^[A-Za-z0-9_-]{8,16}$/);
  const shortUrl = (await row.getByTestId('row-link').getAttribute('href'))!;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await row.screenshot({ path: join(SHOTS, `upload-row-${size}.png`) });
  }
  await page.setViewportSize(SIZES.desktop);

  // On the drive: one folder holding the files; the link's drive file is that folder.
  const owner = await tokenOf(page);
  const drive = new DriveProbe(root, owner);
  const top = await drive.children((await drive.rootFolder()).id);
  expect(top.map((f) => f.mimeType)).toEqual(['application/vnd.google-apps.folder']);
  expect(asked.fileId).toBe(top[0]!.id);
  const inner = await drive.children(top[0]!.id);
  expect(inner.map((f) => f.name).sort()).toEqual(made.files.map((f) => f.name).sort());

  // A recipient opens the one link: every file is listed with its size.
  const context = await browser.newContext({ acceptDownloads: true, locale: 'en-US' });
  try {
    const visitor = await context.newPage();
    await visitor.goto(shortUrl);
    const list = visitor.getByTestId('transfer-file');
    await expect(list).toHaveCount(made.files.length, { timeout: 30_000 });
    await expect(visitor.getByTestId('transfer-count')).toHaveText(`${made.files.length} files`);
    expect(await list.locator('[data-field="file-name"]').allTextContents()).toEqual(made.files.map((f) => f.name));
    await expect(visitor.getByTestId('download-all')).toBeVisible();
    await shots(visitor, 'download-page-en');

    // Each file's own redirect goes to the drive (nothing through Ferry) and gives the same bytes.
    for (const [i, f] of made.files.entries()) {
      const res = await fetch(new URL(`/api/d/${slug}/${i + 1}`, baseURL), { redirect: 'manual' });
      expect(res.status, f.name).toBe(302);
      const location = res.headers.get('location')!;
      expect(new URL(location).origin, f.name).toBe(new URL(root).origin);
      const body = await fetch(location);
      expect(body.status, f.name).toBe(200);
      expect(await sha256(body.body as unknown as AsyncIterable<Uint8Array>), f.name).toBe(f.sha256);
    }

    // "Download all" starts every file, one after another, each through its own redirect.
    const downloads: string[] = [];
    visitor.on('download', (d) => {
      downloads.push(d.suggestedFilename());
      void d.cancel();
    });
    await visitor.getByTestId('download-all').click();
    await expect.poll(() => downloads.length, { timeout: 60_000 }).toBe(made.files.length);
    expect(downloads).toEqual(made.files.map((f) => basename(f.name)));

    // Arabic: the same list, right to left.
    await visitor.goto(`${shortUrl}?lng=ar`);
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(visitor.getByTestId('transfer-file')).toHaveCount(made.files.length);
    await expect(visitor.getByTestId('download-all')).toHaveText('تنزيل الكل');
    await shots(visitor, 'download-page-ar');
  } finally {
    await context.close();
  }

  // Each download counted for the transfer and for its file: 2 per file (the hashed GET and "Download all").
  const stats = async () => {
    const res = await fetch(new URL(`/api/links/${slug}/stats?tz=UTC`, baseURL), {
      headers: { authorization: `Bearer ${owner}` },
    });
    return (await res.json()) as { total: number; files?: Array<{ index: number; downloads: number }> };
  };
  const expected = made.files.length * 2;
  await expect.poll(async () => (await stats()).total, { timeout: 60_000 }).toBe(expected);
  expect((await stats()).files!.map((f) => f.downloads)).toEqual(made.files.map(() => 2));
  await expect(row.getByTestId('row-downloads')).toHaveText(`${expected} downloads`, { timeout: 30_000 });
  await row.getByTestId('row-stats').click();
  const dialog = page.getByTestId('stats-dialog');
  await expect(dialog.getByTestId('stats-file')).toHaveCount(made.files.length);
  await expect(dialog.getByTestId('stats-file-downloads').first()).toHaveText('2 downloads');
  await shots(page, 'stats-en');

  // The owner's row and panel in Arabic, right to left.
  await page.goto('/upload?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arRow = uploadedRows(page).first();
  await expect(arRow.getByTestId('row-file-count')).toHaveText(/^4 ملفات$|^٤ ملفات$/);
  await arRow.getByTestId('row-stats').click();
  await expect(dialog.getByTestId('stats-file')).toHaveCount(made.files.length);
  await shots(page, 'stats-ar');
});
