import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** Journey: the privacy policy and the terms, with their sections in the spec's order, in three languages. */

/** Section headings as the content file writes them, in file order (1, 2, …). */
function headings(language: string, page: 'privacy' | 'terms'): string[] {
  const source = readFileSync(new URL(`../../mfe-marketing/content/${language}/${page}.md`, import.meta.url), 'utf8');
  return [...source.matchAll(/^## (.+?)\s*\{#[a-z0-9-]+\}\s*$/gm)].map((m) => m[1]!);
}

const DATES = {
  privacy: { en: 'August 7, 2025', de: '7. August 2025' },
  terms: { en: 'August 10, 2025', de: '10. August 2025' },
} as const;

for (const language of ['en', 'de', 'ar'] as const) {
  test(`privacy shows 9 sections and terms 13 in the order 1-6, 8-13, 7 (${language})`, async ({ page }) => {
    await page.goto(`/privacy?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const privacy = page.locator('[data-remote="marketing"] article h2');
    const privacyTitles = headings(language, 'privacy');
    expect(privacyTitles).toHaveLength(9);
    await expect(privacy).toHaveText(privacyTitles.map((title, i) => `${i + 1}. ${title}`));
    await expect(page.locator('[data-remote="marketing"] article time')).toHaveAttribute('datetime', '2025-08-07');
    if (language !== 'ar')
      await expect(page.locator('[data-remote="marketing"] article time')).toContainText(DATES.privacy[language]);
    await expect(page.locator('[data-remote="marketing"] article [lang="en"]')).toHaveCount(0);

    await page.goto(`/terms?lng=${language}`);
    const terms = headings(language, 'terms');
    expect(terms).toHaveLength(13);
    const order = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7];
    await expect(page.locator('[data-remote="marketing"] article h2')).toHaveText(
      order.map((n) => `${n}. ${terms[n - 1]}`),
    );
    await expect(page.locator('[data-remote="marketing"] article time')).toHaveAttribute('datetime', '2025-08-10');
    if (language !== 'ar')
      await expect(page.locator('[data-remote="marketing"] article time')).toContainText(DATES.terms[language]);
  });
}
