import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  DriveProbe,
  clearFaults,
  driveAdmin,
  driveRoot,
  journeyEmail,
  makeFiles,
  openUploadSignedIn,
  readZip,
  tokenOf,
  uploadedRows,
} from './support/upload.ts';

const MiB = 1024 * 1024;

test.describe('upload screen: uploads into the drive', () => {
  test.describe.configure({ timeout: 120_000 });
  let root: string;
  test.beforeAll(async ({ baseURL }) => {
    root = await driveRoot(baseURL!);
  });
  test.afterEach(async () => {
    await clearFaults(root);
  });

  test('one 12 MiB file goes up in resumable chunks and is listed with its short link', async ({ page, baseURL }) => {
    const { dir, files } = makeFiles({ 'twelve.bin': 12 * MiB });
    await openUploadSignedIn(page, baseURL!, journeyEmail('single'));
    const ranges: string[] = [];
    page.on('request', (r) => {
      const range = r.headers()['content-range'];
      if (r.method() === 'PUT' && r.url().startsWith(root) && range) ranges.push(range);
    });
    await page.getByTestId('file-input').setInputFiles(join(dir, 'twelve.bin'));
    await expect(page.getByTestId('queue')).toContainText('twelve.bin');
    await expect(page.getByTestId('queue')).toContainText('12 MB');
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: 'twelve.bin' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    // The spec's 5 MiB first, then the adaptive rule: contiguous chunks of 256 KiB multiples up to the end.
    expect(ranges[0]).toBe(`bytes 0-5242879/${12 * MiB}`);
    let next = 0;
    for (const [i, range] of ranges.entries()) {
      const [, first, last] = /^bytes (\d+)-(\d+)\//.exec(range)!.map(Number);
      expect(first).toBe(next);
      if (i < ranges.length - 1) expect((last! + 1 - first!) % (256 * 1024)).toBe(0);
      next = last! + 1;
    }
    expect(next).toBe(12 * MiB);
    await expect(row.getByTestId('row-link')).toHaveAttribute(
      'href',
      new RegExp(`^https?://[a-z0-9-]+\\.${new URL(baseURL!).host}/[A-Za-z0-9_-]{8,16}$`),
    );
    await expect(row.getByTestId('row-size')).toHaveText('12 MB');
    await expect(page.getByTestId('queue')).toHaveCount(0);

    const drive = new DriveProbe(root, await tokenOf(page));
    const folder = await drive.rootFolder();
    const [uploaded] = (await drive.children(folder.id)).filter((f) => f.name === 'twelve.bin');
    expect(uploaded!.appProperties).toMatchObject({ ferry: '1' });
    expect(Date.parse(uploaded!.appProperties!.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await drive.bytes(uploaded!.id)).equals(files.get('twelve.bin')!)).toBe(true);
  });

  test('a folder of 40 small files in nested directories is zipped into one upload', async ({ page, baseURL }) => {
    const spec: Record<string, number> = {};
    for (let i = 0; i < 40; i++)
      spec[`project/${['a', 'b/c', 'b/d/e', ''][i % 4]}/file-${i}.dat`.replace('//', '/')] = 1000 + i * 997;
    const { dir, files } = makeFiles(spec);
    const email = journeyEmail('zip');
    await openUploadSignedIn(page, baseURL!, email);
    await page.getByTestId('folder-input').setInputFiles(join(dir, 'project'));
    await expect(page.getByTestId('queue-count')).toHaveText('40 files');
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: /^upload_\d{4}-\d{2}-\d{2}_upload_40_files\.zip/ });
    await expect(row).toBeVisible({ timeout: 60_000 });

    const drive = new DriveProbe(root, await tokenOf(page));
    const children = await drive.children((await drive.rootFolder()).id);
    const zipFile = children.find((f) => /_40_files\.zip$/.test(f.name))!;
    expect(zipFile.mimeType).toBe('application/zip');
    const entries = readZip(await drive.bytes(zipFile.id));
    expect([...entries.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [path, data] of files) expect(entries.get(path)!.equals(data), path).toBe(true);
  });

  test('a set over the (lowered) threshold becomes a folder with each file uploaded on its own, one link', async ({
    page,
    baseURL,
  }) => {
    const { dir, files } = makeFiles({
      'big-1.bin': 300_000,
      'big-2.bin': 250_000,
      'big-3.bin': 200_000,
      'big-4.bin': 100_000,
    });
    await openUploadSignedIn(page, baseURL!, journeyEmail('folder'));
    await page.evaluate(() => window.localStorage.setItem('ferry_upload_folder_threshold', String(500_000)));
    await page.getByTestId('file-input').setInputFiles([...files.keys()].map((f) => join(dir, f)));
    await page.getByTestId('upload-button').click();
    // One transfer, one row and one link (issue 21), not a row per file.
    await expect(uploadedRows(page)).toHaveCount(1, { timeout: 60_000 });
    await expect(uploadedRows(page).getByTestId('row-file-count')).toHaveText('4 files');
    await expect(uploadedRows(page).getByTestId('row-link')).toHaveAttribute(
      'href',
      new RegExp(`^https?://[a-z0-9-]+\\.${new URL(baseURL!).host}/[A-Za-z0-9_-]{8,16}$`),
    );

    const drive = new DriveProbe(root, await tokenOf(page));
    const top = await drive.children((await drive.rootFolder()).id);
    expect(top).toHaveLength(1);
    expect(top[0]!.mimeType).toBe('application/vnd.google-apps.folder');
    expect(top[0]!.name).toMatch(/^upload_\d{4}-\d{2}-\d{2}_upload_4_files$/);
    const inner = await drive.children(top[0]!.id);
    expect(inner.map((f) => f.name).sort()).toEqual([...files.keys()].sort());
    for (const f of inner) expect((await drive.bytes(f.id)).equals(files.get(f.name)!), f.name).toBe(true);
  });

  test('cancel mid-upload stops silently and lists nothing', async ({ page, baseURL }) => {
    const { dir } = makeFiles({ 'cancel-me.bin': 20 * MiB });
    await openUploadSignedIn(page, baseURL!, journeyEmail('cancel'));
    // Slow chunk PUTs so the upload is surely running when cancel is pressed.
    await driveAdmin(root, 'faults', {
      method: 'PUT',
      path: '/upload/drive/v3/files',
      skip: 1,
      count: 3,
      latencyMs: 3_000,
    });
    await page.getByTestId('file-input').setInputFiles(join(dir, 'cancel-me.bin'));
    await page.getByTestId('upload-button').click();
    await expect(page.getByTestId('percent')).toHaveText(/^(2[0-9]|[1-9][0-9])%$/, { timeout: 30_000 });
    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('progress')).toHaveCount(0);
    await expect(page.getByTestId('upload-error')).toHaveCount(0);
    await expect(page.getByTestId('upload-button')).toBeEnabled();
    await expect(page.getByTestId('queue')).toContainText('cancel-me.bin');
    const drive = new DriveProbe(root, await tokenOf(page));
    expect(
      (await drive.children((await drive.rootFolder()).id)).filter((f) => f.name === 'cancel-me.bin'),
    ).toHaveLength(0);
    await expect(uploadedRows(page)).toHaveCount(0);
  });

  test('a connection cut mid-upload resumes from the confirmed byte and finishes byte-identical', async ({
    page,
    baseURL,
  }) => {
    const { dir, files } = makeFiles({ 'cut.bin': 12 * MiB + 12345 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('cut'));
    // Several cuts: Chromium silently re-sends a request when a reused connection drops; later ones reach the code.
    await driveAdmin(root, 'faults', {
      method: 'PUT',
      path: '/upload/drive/v3/files',
      skip: 1,
      count: 5,
      cutAfterBytes: 2 * MiB,
    });
    const statusQueries: string[] = [];
    page.on('request', (r) => {
      const range = r.headers()['content-range'];
      if (r.method() === 'PUT' && range?.startsWith('bytes */')) statusQueries.push(range);
    });
    await page.getByTestId('file-input').setInputFiles(join(dir, 'cut.bin'));
    await page.getByTestId('upload-button').click();
    await expect(uploadedRows(page).filter({ hasText: 'cut.bin' })).toBeVisible({ timeout: 60_000 });
    expect(statusQueries.length).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('upload-error')).toHaveCount(0);
    const drive = new DriveProbe(root, await tokenOf(page));
    const [f] = (await drive.children((await drive.rootFolder()).id)).filter((x) => x.name === 'cut.bin');
    expect((await drive.bytes(f!.id)).equals(files.get('cut.bin')!)).toBe(true);
  });

  test('a token made stale mid-upload signs in again in a popup and the upload resumes', async ({ page, baseURL }) => {
    const { dir, files } = makeFiles({ 'stale.bin': 12 * MiB });
    await openUploadSignedIn(page, baseURL!, journeyEmail('stale'));
    const before = await tokenOf(page);
    await driveAdmin(root, 'faults', {
      method: 'PUT',
      path: '/upload/drive/v3/files',
      skip: 1,
      count: 1,
      latencyMs: 1_500,
    });
    await page.getByTestId('file-input').setInputFiles(join(dir, 'stale.bin'));
    await page.getByTestId('upload-button').click();
    await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', /init|uploading/);
    // The token is now older than one hour.
    await page.evaluate(() => window.localStorage.setItem('ferry_access_token_at', String(Date.now() - 2 * 3_600_000)));
    const popup = await page.waitForEvent('popup', { timeout: 30_000 });
    await expect(page.getByTestId('relogin')).toBeVisible();
    const allow = popup.locator('#allow');
    const emailField = popup.locator('input[type="email"]');
    await expect(emailField.or(allow)).toBeVisible();
    if (await emailField.isVisible()) throw new Error('the provider asked for a login again');
    await allow.click();
    await popup.waitForEvent('close', { timeout: 30_000 });
    await expect(uploadedRows(page).filter({ hasText: 'stale.bin' })).toBeVisible({ timeout: 60_000 });
    const after = await tokenOf(page);
    expect(after).not.toBe(before);
    const drive = new DriveProbe(root, after);
    const [f] = (await drive.children((await drive.rootFolder()).id)).filter((x) => x.name === 'stale.bin');
    expect((await drive.bytes(f!.id)).equals(files.get('stale.bin')!)).toBe(true);
  });

  test('transient Drive errors while the link is made (500, 429, rate-limit 403) still end in a Ferry short link', async ({
    page,
    baseURL,
  }) => {
    const { dir } = makeFiles({ 'busy-drive.bin': 300_000 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('busy'));
    // The link service's file check (GET /drive/v3/files/{id}; the browser makes none while uploading):
    // three of each use up the link service's own retries, so the screen sees 502, 429, 429, then 201.
    const fileCheck = { method: 'GET', path: '^/drive/v3/files/[^/]+$', count: 3 };
    await driveAdmin(root, 'faults', [
      { ...fileCheck, status: 500, reason: 'backendError' },
      { ...fileCheck, status: 429, reason: 'rateLimitExceeded' },
      { ...fileCheck, status: 403, reason: 'userRateLimitExceeded' },
    ]);
    const shortenAnswers: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/shorten'))
        shortenAnswers.push(r.status());
    });
    await page.getByTestId('file-input').setInputFiles(join(dir, 'busy-drive.bin'));
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: 'busy-drive.bin' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByTestId('row-link')).toHaveAttribute(
      'href',
      new RegExp(`^https?://[a-z0-9-]+\\.${new URL(baseURL!).host}/[A-Za-z0-9_-]{8,16}$`),
    );
    expect(shortenAnswers).toEqual([502, 429, 429, 201]);
  });

  test('quota exceeded shows its error', async ({ page, baseURL }) => {
    const email = journeyEmail('quota');
    const { dir } = makeFiles({ 'too-big.bin': 3 * MiB });
    await openUploadSignedIn(page, baseURL!, email);
    await driveAdmin(root, 'quota', { email, limitBytes: 1 * MiB });
    await page.reload();
    await expect(page.getByTestId('free-space')).toContainText('0.00 GB');
    await page.getByTestId('file-input').setInputFiles(join(dir, 'too-big.bin'));
    await page.getByTestId('upload-button').click();
    await expect(page.getByTestId('upload-error')).toHaveText(
      'Not enough free space in your Google Drive for this upload',
    );
    await expect(uploadedRows(page)).toHaveCount(0);
  });
});
