import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { journeyEmail, makeFiles, openUploadSignedIn, uploadedRows } from './support/upload.ts';

/**
 * The QR code of a link, in the finished state and in the uploaded row, read back with a QR reader
 * (jsQR) from the image's pixels. Screenshots of the dialog at 1280×800 and 390×844 go to
 * FERRY_SHOTS_DIR (default /tmp/ferry-qr-shots).
 */
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-qr-shots';

/** jsQR is CommonJS: under NodeNext its default import is the module object, which also has `default`. */
type QrReader = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const readQr = ((jsQR as unknown as { default?: QrReader }).default ?? jsQR) as QrReader;

async function decodeQr(image: Locator): Promise<string | undefined> {
  const pixels = await image.evaluate((node) => {
    const img = node as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return readQr(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}

async function readDialogQr(page: Page, button: Locator): Promise<string | undefined> {
  await button.click();
  const dialog = page.getByTestId('qr-dialog');
  const image = dialog.getByTestId('qr-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).complete)).toBe(true);
  return decodeQr(image);
}

test.describe('QR code of a link', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the finished state and the row show a QR code that decodes to the link', async ({ page, baseURL }) => {
    const { dir } = makeFiles({ 'qr-file.txt': 1024 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('qr'));
    await page.getByTestId('file-input').setInputFiles(join(dir, 'qr-file.txt'));
    await page.getByTestId('upload-button').click();

    const finishedLink = page.getByTestId('finished-link');
    await expect(finishedLink).toBeVisible({ timeout: 60_000 });
    const shortUrl = (await finishedLink.getAttribute('href'))!;
    expect(shortUrl).toMatch(/^https?:\/\//);
    expect(await readDialogQr(page, page.getByTestId('finished-qr'))).toBe(shortUrl);
    const dialog = page.getByTestId('qr-dialog');
    await expect(dialog).toContainText('qr-file.txt');
    await expect(dialog).toContainText(shortUrl);
    await page.screenshot({ path: `${SHOTS}/qr-dialog-desktop.png` });
    await dialog.getByTestId('qr-close').click();
    await expect(dialog).toHaveCount(0);

    const row = uploadedRows(page).filter({ hasText: 'qr-file.txt' });
    const rowLink = (await row.getByTestId('row-link').getAttribute('href'))!;
    expect(await readDialogQr(page, row.getByTestId('row-qr'))).toBe(rowLink);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // On a phone, in Arabic: the dialog fits and still decodes to the link.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL('/upload?lng=ar', baseURL).toString());
    const arRow = uploadedRows(page).filter({ hasText: 'qr-file.txt' });
    await expect(arRow.getByTestId('row-qr')).toHaveText('رمز QR');
    expect(await readDialogQr(page, arRow.getByTestId('row-qr'))).toBe(rowLink);
    await page.screenshot({ path: `${SHOTS}/qr-dialog-phone-ar.png` });
  });
});
