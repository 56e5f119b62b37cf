import { expect, type Page, test } from '@playwright/test';

/** Journey: a visitor searches the FAQ and follows a link to one question. */
test.use({ locale: 'en-US' });

const faq = (page: Page) => page.locator('[data-remote="marketing"] .marketing-faq');
/** The FAQ once its code runs (the page may arrive pre-rendered, before any JavaScript). */
const interactiveFaq = (page: Page) => expect(page.locator('.marketing-faq[data-interactive]')).toBeVisible();

test('the search finds "15 GB", highlights it, and says so when nothing matches', async ({ page }) => {
  await page.goto('/faq');
  await interactiveFaq(page);
  const questions = faq(page).locator('details');
  await expect(questions.first()).toBeVisible();
  const all = await questions.count();
  expect(all).toBeGreaterThanOrEqual(18);
  await expect(faq(page).locator('section h2')).toHaveCount(5);

  const search = page.getByRole('searchbox', { name: 'Search the questions' });
  await search.fill('15 GB');
  await expect(faq(page).locator('#free-space')).toBeVisible();
  await expect(faq(page).locator('#free-space')).toHaveAttribute('open', '');
  await expect(faq(page).locator('#free-space mark').first()).toHaveText('15 GB');
  expect(await questions.count()).toBeLessThan(all);
  await expect(faq(page).locator('.marketing-search-status')).toBeEmpty();

  await search.fill('xq zzv nonsense');
  await expect(questions).toHaveCount(0);
  await expect(page.getByText('No questions match “xq zzv nonsense”.', { exact: false })).toBeVisible();

  await search.fill('');
  await expect(questions).toHaveCount(all);
  await expect(faq(page).locator('mark')).toHaveCount(0);
});

test('the search ignores accents and case (German)', async ({ page }) => {
  await page.goto('/faq?lng=de');
  await interactiveFaq(page);
  await page.getByRole('searchbox', { name: 'Fragen durchsuchen' }).fill('KUNDIGE');
  await expect(faq(page).locator('#cancel')).toBeVisible();
  await expect(faq(page).locator('#cancel summary mark')).toHaveText('kündige');
});

test('a /faq#… link opens its question and scrolls to it, also on a hash change', async ({ page }) => {
  await page.goto('/faq#expiry');
  await interactiveFaq(page);
  const expiry = faq(page).locator('details#expiry');
  await expect(expiry).toHaveAttribute('open', '');
  await expect(expiry).toBeInViewport();
  await expect(expiry.getByText('trash', { exact: false }).first()).toBeVisible();
  await expect(faq(page).locator('details#cancel')).not.toHaveAttribute('open', '');

  await page.evaluate(() => {
    window.location.hash = 'cancel';
  });
  await expect(faq(page).locator('details#cancel')).toHaveAttribute('open', '');
  await expect(faq(page).locator('details#cancel')).toBeInViewport();
});
