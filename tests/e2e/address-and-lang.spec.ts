import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { signInAt } from './support/auth.ts';

/**
 * Issue 16's leftovers. An address is never split at a hyphen: the download page's sender, the
 * upload screen's and the account page's address, in Arabic on a 390 px phone, are one
 * left-to-right line. And
 * `<html lang>` is the app's active language after a sign-in without ?lng (a browser in en-US or
 * de-AT gets `en` or `de`, never the browser's tag). Screenshots go to FERRY_SHOTS_DIR (default
 * /tmp/ferry-address-shots).
 */
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-address-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The address is one left-to-right line: one box, no taller than a line of its text. */
async function expectOneLine(address: Locator, text: string): Promise<void> {
  await expect(address).toHaveText(text);
  await expect(address).toHaveAttribute('dir', 'ltr');
  const { boxes, height, lineHeight } = await address.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
    const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    return { boxes: lines.size, height: el.getBoundingClientRect().height, lineHeight: line };
  });
  expect(boxes).toBe(1);
  expect(height).toBeLessThan(lineHeight * 1.5);
}

test.describe('addresses stay whole', () => {
  test.use({ locale: 'ar', viewport: PHONE });

  test("the download page's sender, in Arabic on a phone", async ({ page }) => {
    const ep = endpointsFromEnv();
    // Hyphens, and short enough to fit a phone's card: it must move to a line of its own, not split.
    const owner = `m-j-${Date.now().toString(36)}@ex-mail.io`;
    const token = await devToken(ep, owner);
    const fileId = await uploadSharedFile(ep, token, 'تقرير-الربع.pdf', Buffer.from('report\n'));
    const { shortId } = await shorten(ep, token, fileId);
    await page.goto(`/r/${shortId}?lng=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectOneLine(page.locator('[data-field="sender"] .ferry-address'), owner);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await shot(page, 'download-ar-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'download-ar-desktop');
  });

  test("the upload screen's account address, in Arabic on a phone", async ({ page, baseURL }) => {
    const email = `upload-address-${Date.now().toString(36)}@example.com`;
    await signInAt(page, baseURL!, '/upload?lng=ar', email);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expectOneLine(page.getByTestId('account-email'), email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await shot(page, 'upload-ar-phone');
  });

  test('the account page\'s "signed in as", in Arabic on a phone', async ({ page, baseURL }) => {
    const email = `acct-address-${Date.now().toString(36)}@example.com`;
    await signInAt(page, baseURL!, '/account?lng=ar', email);
    await expectOneLine(page.getByTestId('account-email').locator('.ferry-address'), email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await shot(page, 'account-ar-phone');
  });
});

test.describe('<html lang> is the active language', () => {
  for (const [browserLocale, expected] of [
    ['en-US', 'en'],
    ['de-AT', 'de'],
  ] as const) {
    test.describe(`a browser in ${browserLocale}`, () => {
      test.use({ locale: browserLocale });

      test(`signs in without ?lng and the page says lang="${expected}"`, async ({ page, baseURL }) => {
        await signInAt(page, baseURL!, '/upload', `lang-${expected}-${Date.now().toString(36)}@example.com`);
        await expect(page.getByTestId('dropzone')).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('html')).toHaveAttribute('lang', expected);
        // The shell's language and the attribute agree after a switch, too.
        await page.getByRole('combobox').first().selectOption('nl');
        await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      });
    });
  }
});
