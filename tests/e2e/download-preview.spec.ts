import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { journeyEmail, openUploadSignedIn, uploadedRows } from './support/upload.ts';

/**
 * Previews on the download page (issue 19): an image link shows the drive's thumbnail, fetched by
 * the gateway with the owner's stored grant (the image loads: its natural size is above 0); a zip
 * link lists the files inside, read from the archive's central directory with range reads, checked
 * against the files zipped; other files show a file-type icon. Screenshots at 1280×800 and 390×844,
 * in English and Arabic, go to FERRY_SHOTS_DIR (default /tmp/ferry-preview-shots).
 */
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-preview-shots';
test.use({ locale: 'en-US' });

/** A real PNG (RGB, no filter): a gradient, so the thumbnail is a picture and not a flat square. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([176, Math.round((200 * x) / width), Math.round((160 * y) / height) + 60], p);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadOne(page: Page, path: string, name: string): Promise<string> {
  await page.getByTestId('file-input').setInputFiles(path);
  await page.getByTestId('upload-button').click();
  const row = uploadedRows(page).filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 60_000 });
  return (await row.getAttribute('data-slug'))!;
}

test.describe('previews on the download page', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an image link shows its thumbnail; a zip link lists the files inside', async ({ page, browser, baseURL }) => {
    const dir = mkdtempSync(join(tmpdir(), 'ferry-preview-e2e-'));
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(dir, 'harbour.png'), png(800, 500));
    const zipped: Record<string, Buffer> = {
      'report.pdf': Buffer.alloc(48_000, 1),
      'photos/harbour at dusk.jpg': Buffer.alloc(1_250_000, 2),
      'photos/ميناء.png': Buffer.alloc(3_100, 3),
      'notes/überblick.txt': Buffer.from('A short note.\n'),
    };
    const zip = new JSZip();
    zip.folder('empty');
    for (const [name, bytes] of Object.entries(zipped)) zip.file(name, bytes);
    writeFileSync(join(dir, 'holiday.zip'), await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    writeFileSync(join(dir, 'thesis.docx'), Buffer.from('not really a document'));

    await openUploadSignedIn(page, baseURL!, journeyEmail('preview'));
    const imageSlug = await uploadOne(page, join(dir, 'harbour.png'), 'harbour.png');
    const zipSlug = await uploadOne(page, join(dir, 'holiday.zip'), 'holiday.zip');
    const docSlug = await uploadOne(page, join(dir, 'thesis.docx'), 'thesis.docx');

    // The recipient: a fresh browser, no account.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    try {
      const visitor = await context.newPage();
      const apiCalls: string[] = [];
      visitor.on('request', (r) => apiCalls.push(r.url()));

      await visitor.goto(`/r/${imageSlug}`);
      const remote = visitor.locator('[data-remote="download"]');
      const thumb = remote.getByRole('img', { name: 'Preview of harbour.png' });
      await expect(thumb).toBeVisible();
      await expect(thumb).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
      const natural = await thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(natural[0]).toBeGreaterThan(0);
      expect(natural[1]).toBeGreaterThan(0);
      // The drive's thumbnail is at most 220 px; the 800×500 original keeps its shape.
      expect(natural).toEqual([220, 138]);
      // The box was reserved before the image came: 220 × 220 CSS pixels.
      const [w, h] = await thumb.evaluate((img) => [img.clientWidth, img.clientHeight]);
      expect(w).toBe(h);
      expect(w).toBeGreaterThanOrEqual(216);
      await visitor.screenshot({ path: `${SHOTS}/thumbnail-desktop.png` });

      await visitor.goto(`/r/${zipSlug}`);
      const entries = remote.getByTestId('zip-entry');
      await expect(entries).toHaveCount(Object.keys(zipped).length, { timeout: 20_000 });
      const shown = await entries.evaluateAll((rows) =>
        rows.map((r) => [
          r.querySelector('[data-field="entry-name"]')!.textContent,
          r.querySelector('[data-field="entry-size"]')!.textContent,
        ]),
      );
      expect(shown.map(([name]) => name).sort()).toEqual(Object.keys(zipped).sort());
      const sizes = new Map(shown.map(([name, size]) => [name, size]));
      expect(sizes.get('photos/harbour at dusk.jpg')).toBe('1.19 MB');
      expect(sizes.get('report.pdf')).toBe('46.9 KB');
      expect(sizes.get('notes/überblick.txt')).toBe('14 B');
      await expect(remote.getByRole('heading', { name: 'Files in this zip' })).toBeVisible();
      await visitor.screenshot({ path: `${SHOTS}/zip-desktop.png` });

      // The same listing as JSON: sizes exact, directories marked; nothing of the drive in it.
      const listing = await (await visitor.request.get(`/api/links/${zipSlug}/entries`)).json();
      type Entry = { name: string; size: number; directory: boolean };
      const files = (listing.entries as Entry[]).filter((x) => !x.directory);
      expect(files.map((e) => [e.name, e.size]).sort()).toEqual(
        Object.entries(zipped)
          .map(([name, bytes]) => [name, bytes.length])
          .sort(),
      );
      // JSZip also writes the folders (empty/, photos/, notes/): marked as directories, not shown.
      const dirs = (listing.entries as Entry[]).filter((x) => x.directory).map((e) => e.name);
      expect(dirs).toContain('empty/');
      expect(listing.total).toBe(files.length + dirs.length);
      expect(listing.truncated).toBe(false);
      expect(JSON.stringify(listing)).not.toMatch(/drive|token|googleapis|http/i);

      await visitor.goto(`/r/${docSlug}`);
      await expect(remote.getByRole('img', { name: 'DOCX file' })).toBeVisible();
      await visitor.screenshot({ path: `${SHOTS}/icon-desktop.png` });
      // The page asked the gateway only: no drive URL, no token in any request the browser made.
      expect(apiCalls.filter((u) => u.includes('/thumbnails/') || /[?&]access_token=/.test(u))).toEqual([]);

      // A phone, in Arabic (right to left): the same previews, nothing sideways.
      await visitor.setViewportSize({ width: 390, height: 844 });
      await visitor.goto(`/r/${zipSlug}?lng=ar`);
      await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(remote.getByTestId('zip-entry')).toHaveCount(Object.keys(zipped).length, { timeout: 20_000 });
      await expect(remote.getByRole('heading', { name: 'الملفات داخل هذا الملف المضغوط' })).toBeVisible();
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await visitor.screenshot({ path: `${SHOTS}/zip-phone-ar.png`, fullPage: true });
      await visitor.goto(`/r/${imageSlug}?lng=ar`);
      await expect(remote.getByRole('img', { name: 'معاينة harbour.png' })).toHaveAttribute('data-loaded', 'true', {
        timeout: 20_000,
      });
      await visitor.screenshot({ path: `${SHOTS}/thumbnail-phone-ar.png`, fullPage: true });
      await visitor.goto(`/r/${imageSlug}?lng=en`);
      await expect(remote.getByRole('img', { name: 'Preview of harbour.png' })).toHaveAttribute('data-loaded', 'true');
      await visitor.screenshot({ path: `${SHOTS}/thumbnail-phone.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});
