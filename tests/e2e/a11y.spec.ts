import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { axeProblems, horizontalScrollProblems, SIZES, touchTargetProblems, type Size } from './support/a11y.ts';
import { signInAt } from './support/auth.ts';
import { accountPage, advanceClock, DAY_S, fillBillingAddress, uniqueEmail } from './support/billing.ts';
import { REPO_ROOT } from './support/paths.ts';
import { driveRoot, makeFiles, openUploadSignedIn, tokenOf, uploadedRows } from './support/upload.ts';

/**
 * Every route and state of the product, in English and Arabic, at 1280×800 and 390×844: axe-core
 * finds no serious or critical violation. On the phone, no page scrolls sideways and every control
 * is at least 44 px high (links inside running text exempt). One page load per route, state,
 * language and size; each journey collects every problem and reports them together at the end.
 * The paid state goes through the Stripe stand-in's hosted Checkout with its always-paying card.
 */
const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

interface Links {
  found: string;
  expired: string;
  missing: string;
}
let links: Links;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const ep = endpointsFromEnv();
  const token = await devToken(ep, 'a11y-owner@example.com');
  const found = await shorten(
    ep,
    token,
    await uploadSharedFile(ep, token, 'quarterly-report.pdf', Buffer.alloc(2048, 'a')),
  );
  const soon = await shorten(ep, token, await uploadSharedFile(ep, token, 'gone.txt', Buffer.from('gone\n')), {
    expiresAt: new Date(Date.now() + 2_000).toISOString(),
  });
  await expect
    .poll(async () => (await fetch(`${ep.baseUrl}/api/s?slug=${soon.shortId}&probe=1`)).status, { timeout: 10_000 })
    .toBe(410);
  links = { found: found.shortId, expired: soon.shortId, missing: 'zz9nothere' };
});

/** A text of the account page in `lng` (the journeys click and read it in both languages), by its dotted key. */
function accountText(lng: Language, key: 'cancel' | 'badge.trial'): string {
  const file = join(REPO_ROOT, 'mfe-account', 'public', 'locales', lng, 'account.json');
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  return value as string;
}

class Findings {
  readonly problems: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly size: Size,
  ) {}

  /** Runs every check on the page as it is now; `state` names it in the report. */
  async check(state: string): Promise<void> {
    const found = [...(await axeProblems(this.page))];
    if (this.size.name === 'phone')
      found.push(...(await horizontalScrollProblems(this.page)), ...(await touchTargetProblems(this.page)));
    for (const p of found) this.problems.push(`[${state}] ${p}`);
  }
}

async function newPage(browser: Browser, lng: Language, size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: lng === 'ar' ? 'ar' : 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** The page has rendered its remote's content in the page's language. */
async function settled(page: Page, lng: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

for (const lng of LANGUAGES) {
  for (const size of SIZES) {
    test.describe(`${lng} at ${size.width}×${size.height}`, () => {
      test.describe.configure({ timeout: 150_000 });

      test('public pages: landing, FAQ, privacy, terms, 404, download found/expired/not found', async ({ browser }) => {
        const page = await newPage(browser, lng, size);
        const findings = new Findings(page, size);
        const routes: Array<[string, string]> = [
          ['landing', '/'],
          ['faq', '/faq'],
          ['privacy', '/privacy'],
          ['terms', '/terms'],
          ['404', '/no/such/page'],
          ['download found', `/r/${links.found}`],
          ['download expired', `/r/${links.expired}`],
          ['download not found', `/r/${links.missing}`],
        ];
        for (const [state, path] of routes) {
          await page.goto(`${path}?lng=${lng}`);
          await settled(page, lng);
          await findings.check(state);
        }
        await page.context().close();
        expect(findings.problems).toEqual([]);
      });

      test('signed in: upload empty/queued/uploading/finished, share modal, account trial/cancelled/expired', async ({
        browser,
        baseURL,
      }) => {
        const page = await newPage(browser, lng, size);
        const findings = new Findings(page, size);
        await page.goto(`/?lng=${lng}`);
        await settled(page, lng);
        await openUploadSignedIn(page, baseURL!, uniqueEmail(`a11y-${lng}-${size.name}`));
        await settled(page, lng);
        await findings.check('upload empty');

        // The chunk uploads wait until the "uploading" state has been checked.
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
        await findings.check('upload queued');
        await page.getByTestId('upload-button').click();
        await expect(page.getByTestId('progress')).toBeVisible();
        await findings.check('upload uploading');
        release();
        const row = uploadedRows(page).first();
        await expect(row).toBeVisible({ timeout: 60_000 });
        await expect(page.getByTestId('progress')).toHaveCount(0);
        await findings.check('upload finished');

        await row.getByTestId('row-email').click();
        // The dialog's code is loaded on first use.
        await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
        await findings.check('share modal');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);

        await page.goto('/account');
        const account = accountPage(page);
        await expect(account.getByTestId('subscription-badge')).toBeVisible({ timeout: 30_000 });
        await settled(page, lng);
        await findings.check('account trial');
        await account.getByRole('button', { name: accountText(lng, 'cancel') }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await findings.check('account cancel dialog');
        await page
          .getByRole('dialog')
          .getByRole('button', { name: accountText(lng, 'cancel') })
          .click();
        await expect(account.getByRole('status')).toBeVisible();
        await findings.check('account cancelled');

        await advanceClock(page.request, await tokenOf(page), 90 * DAY_S + 3_600);
        await page.goto('/account');
        await expect(account.getByTestId('plan-yearly')).toBeVisible({ timeout: 30_000 });
        await settled(page, lng);
        await findings.check('account expired');
        await page.goto('/upload');
        await expect(page.getByTestId('upload-expired')).toBeVisible({ timeout: 30_000 });
        await settled(page, lng);
        await findings.check('upload expired');

        await page.context().close();
        expect(findings.problems).toEqual([]);
      });

      test('paid: the account page after Checkout (plan scheduled after the trial)', async ({ browser, baseURL }) => {
        const page = await newPage(browser, lng, size);
        const findings = new Findings(page, size);
        await page.goto(`/?lng=${lng}`);
        await settled(page, lng);
        await signInAt(page, baseURL!, '/account', uniqueEmail(`a11y-paid-${lng}-${size.name}`));
        const account = accountPage(page);
        await account.getByTestId('plan-yearly').getByRole('button').click();
        await page.waitForURL((url) => url.origin !== new URL(baseURL!).origin);
        await fillBillingAddress(page);
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.waitForURL((url) => url.origin === new URL(baseURL!).origin && url.pathname === '/account');
        await expect(account.getByTestId('checkout-notice')).toBeVisible({ timeout: 30_000 });
        // The plan is paid once the badge no longer reads the trial's.
        await expect(account.getByTestId('subscription-badge')).not.toHaveText(accountText(lng, 'badge.trial'), {
          timeout: 30_000,
        });
        await settled(page, lng);
        await findings.check('account paid');
        await page.context().close();
        expect(findings.problems).toEqual([]);
      });
    });
  }
}

test('a touch screen is not asked to drag files', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await signInAt(page, baseURL!, '/upload', uniqueEmail('a11y-touch'));
  await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('dropzone')).toContainText('Choose files or a whole folder to send', {
    useInnerText: true,
  });
  await expect(page.getByTestId('dropzone')).not.toContainText(/drag/i, { useInnerText: true });
  await expect(page.locator('main')).not.toContainText(/\b(drag|drop)\b/i, { useInnerText: true });
  await context.close();
});
