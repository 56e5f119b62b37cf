import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The landing's heading in a language, as its remote ships it. */
const heroTitle = (language: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../mfe-marketing/public/locales/${language}/marketing.json`, import.meta.url), 'utf8'),
    ) as { hero: { title: string } }
  ).hero.title;

/** Journey: a visitor picks a language in the header; the choice sticks across reloads. */
test.use({ locale: 'en-US' });

test('switching to Arabic writes the page right to left', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const switcher = page.getByRole('combobox', { name: 'Language' });
  await expect(switcher.locator('option')).toHaveCount(16);
  await switcher.selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('[data-remote="marketing"] h1')).toHaveText(heroTitle('ar'));
  expect(heroTitle('ar')).not.toBe(heroTitle('en'));
  // The switcher's cookie: the server writes the next page in Arabic, before any script runs.
  const next = await page.request.get('/faq', { headers: { accept: 'text/html' } });
  expect(await next.text()).toContain('<html lang="ar" dir="rtl">');
});

test('German, a bundled language, shows German texts in the shell and the remote', async ({ page }) => {
  await page.goto('/?lng=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('[data-remote="marketing"] h1')).toHaveText(heroTitle('de'));
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
});

test('the chosen language survives a reload', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veelgestelde vragen');
  await expect(page).toHaveTitle('Ferry — Eenvoudig delen, slimme opslag.');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('nl');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veelgestelde vragen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('combobox', { name: 'Taal' })).toHaveValue('nl');
});

test('?lng= wins over the cached choice and translation files carry their content hash', async ({ page }) => {
  const localeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/locales/')) localeRequests.push(request.url());
  });
  await page.goto('/?lng=nl');
  await expect(page.locator('[data-remote="marketing"] h1')).toHaveText(
    'Verstuur bestanden van elke grootte vanuit je eigen Google Drive',
  );
  // Versioned by content (so browsers may cache them), never by the clock.
  expect(localeRequests.some((url) => /\/locales\/nl\/shell\.json\?v=[0-9a-f]{10}$/.test(url))).toBe(true);
  expect(localeRequests.some((url) => /\/locales\/nl\/marketing\.json\?v=[0-9a-f]{10}$/.test(url))).toBe(true);
});
