import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { SIZES, type Size } from './support/a11y.ts';
import { pointRemote } from './support/manifest.ts';
import { closedPort } from './support/static-server.ts';
import { accountPage, advanceClock, DAY_S, uniqueEmail } from './support/billing.ts';
import { driveRoot, makeFiles, openUploadSignedIn, tokenOf, uploadedRows } from './support/upload.ts';

/**
 * Visual baselines: every route and main state at 1280×800 and 390×844, compared with the committed
 * screenshots in `visual.spec.ts-snapshots/` (update them with `--update-snapshots`, see tests/README.md).
 * The clock is frozen, what changes by itself (countdowns, counts, dates, addresses, codes) is masked,
 * animations are off and the fonts have loaded, so a screen changes only when its design does.
 */
const FROZEN_AT = new Date('2026-11-25T10:00:00Z');
const OWNER = 'visual-owner@example.com';
const COMPARE = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.015 } as const;

interface Links {
  found: string;
  expired: string;
  missing: string;
}
let links: Links;

test.beforeAll(async () => {
  const ep = endpointsFromEnv();
  const token = await devToken(ep, OWNER);
  const found = await shorten(ep, token, await uploadSharedFile(ep, token, 'quarterly-report.pdf', Buffer.alloc(2048)));
  const soon = await shorten(ep, token, await uploadSharedFile(ep, token, 'gone.txt', Buffer.from('gone\n')), {
    expiresAt: new Date(Date.now() + 2_000).toISOString(),
  });
  await expect
    .poll(async () => (await fetch(`${ep.baseUrl}/api/s?slug=${soon.shortId}&probe=1`)).status, { timeout: 10_000 })
    .toBe(410);
  links = { found: found.shortId, expired: soon.shortId, missing: 'zz9nothere' };
});

async function newPage(browser: Browser, size: Size, frozenAt: Date, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale,
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(frozenAt);
  return page;
}

/** Whatever changes between runs by itself: masked in every screenshot. */
function dynamic(page: Page): Locator[] {
  return [
    page.getByTestId('countdown'),
    page.getByTestId('row-expiry'),
    page.getByTestId('row-downloads'),
    page.getByTestId('row-link'),
    page.getByTestId('uploaded-row').getByTitle('Upload date'),
    page.getByTestId('finished-link'),
    page.getByTestId('speed'),
    page.getByTestId('account-email'),
    page.getByTestId('period-date'),
    page.getByTestId('days-remaining'),
    page.locator('[data-field="time-left"]'),
  ];
}

/** The page has rendered its remote, its fonts have loaded and nothing is still loading. */
async function settled(page: Page, lng = 'en'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  // The shell has started (the server's own 404 page, shown before it, has no language switcher).
  await expect(page.locator('header select').first()).toBeVisible();
  // The FAQ's questions arrive after its heading.
  if (new URL(page.url()).pathname === '/faq') await expect(page.locator('main details').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function shot(page: Page, name: string, size: Size, lng = 'en'): Promise<void> {
  await settled(page, lng);
  await expect
    .soft(page)
    .toHaveScreenshot(`${name}-${size.name}.png`, { ...COMPARE, fullPage: true, mask: dynamic(page) });
}

/**
 * An open dialog alone (a full-page picture would draw the page's masks over it); `dated` masks
 * its text, which names a date the server chose.
 */
async function dialogShot(page: Page, name: string, size: Size, dated = false): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .soft(dialog)
    .toHaveScreenshot(`${name}-${size.name}.png`, { ...COMPARE, mask: dated ? [dialog.locator('p')] : [] });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.describe.configure({ timeout: 150_000 });

    test('public pages and download states', async ({ browser }) => {
      const page = await newPage(browser, size, FROZEN_AT);
      const routes: Array<[string, string]> = [
        ['landing', '/'],
        ['faq', '/faq'],
        ['privacy', '/privacy'],
        ['terms', '/terms'],
        ['not-found', '/no/such/page'],
        ['download-found', `/r/${links.found}`],
        ['download-expired', `/r/${links.expired}`],
        ['download-missing', `/r/${links.missing}`],
        ['signed-out-notice', '/upload'],
        ['sign-in-unavailable', '/?error=temporarily_unavailable'],
      ];
      for (const [name, path] of routes) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=en`);
        await shot(page, name, size);
      }
      await page.goto('/faq?lng=en');
      await settled(page);
      await page.context().setOffline(true);
      await expect(page.getByTestId('offline-notice')).toBeVisible();
      await shot(page, 'offline', size);
      await page.context().setOffline(false);

      const restore = await pointRemote(
        'download',
        `http://127.0.0.1:${await closedPort()}/remoteEntry.js`,
        '0.0.0-off',
      );
      try {
        await page.goto(`/r/${links.found}?lng=en`);
        await expect(page.locator('[data-remote-error="download"]')).toBeVisible({ timeout: 30_000 });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await expect.soft(page).toHaveScreenshot(`remote-failed-${size.name}.png`, { ...COMPARE, fullPage: true });
      } finally {
        await restore();
      }
      await page.context().close();
    });

    test('right to left: landing and download page in Arabic', async ({ browser }) => {
      const page = await newPage(browser, size, FROZEN_AT, 'ar');
      for (const [name, path] of [
        ['landing-ar', '/'],
        ['download-found-ar', `/r/${links.found}`],
      ] as const) {
        await page.goto(`${path}?lng=ar`);
        await shot(page, name, size, 'ar');
      }
      await page.context().close();
    });

    test('upload empty, queued, uploading, finished, share modal; account trial, cancelled, expired', async ({
      browser,
      baseURL,
    }) => {
      const page = await newPage(browser, size, new Date());
      await page.goto('/?lng=en');
      await settled(page);
      await openUploadSignedIn(page, baseURL!, uniqueEmail(`visual-${size.name}`));
      await shot(page, 'upload-empty', size);

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const drive = await driveRoot(baseURL!);
      await page.route(`${drive}/upload/**`, async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.continue();
      });
      const { dir } = makeFiles({ 'holiday photos.zip': 64 * 1024 });
      await page.getByTestId('file-input').setInputFiles(join(dir, 'holiday photos.zip'));
      await expect(page.getByTestId('queue')).toBeVisible();
      await shot(page, 'upload-queued', size);
      await page.getByTestId('upload-button').click();
      await expect(page.getByTestId('progress')).toBeVisible();
      await shot(page, 'upload-uploading', size);
      release();
      const row = uploadedRows(page).first();
      await expect(row).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('progress')).toHaveCount(0);
      await shot(page, 'upload-finished', size);

      await row.getByTestId('row-email').click();
      await dialogShot(page, 'share-modal', size);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/account');
      const account = accountPage(page);
      await expect(account.getByTestId('subscription-badge')).toBeVisible({ timeout: 30_000 });
      await shot(page, 'account-trial', size);
      await account.getByRole('button', { name: 'Cancel subscription' }).click();
      await dialogShot(page, 'account-cancel-dialog', size, true);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(account.getByRole('status')).toBeVisible();
      await shot(page, 'account-cancelled', size);

      await advanceClock(page.request, await tokenOf(page), 90 * DAY_S + 3_600);
      await page.goto('/account');
      await expect(account.getByTestId('plan-yearly')).toBeVisible({ timeout: 30_000 });
      await shot(page, 'account-expired', size);
      await page.goto('/upload');
      await expect(page.getByTestId('upload-expired')).toBeVisible({ timeout: 30_000 });
      await shot(page, 'upload-expired', size);
      await page.context().close();
    });
  });
}
