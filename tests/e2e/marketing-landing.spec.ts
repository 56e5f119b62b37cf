import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/** Journey: a first-time visitor reads the landing page from top to bottom. */
test.use({ locale: 'en-US' });

type Strings = Record<string, Record<string, string | Record<string, string>>>;
const strings = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../../mfe-marketing/public/locales/${language}/marketing.json`, import.meta.url), 'utf8'),
  ) as Strings;

const landing = (page: Page) => page.locator('#root [data-remote="marketing"] .marketing-landing');
const text = (tree: Strings, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;

/** Every text a section must show, by its heading. */
function sections(t: Strings): Record<string, string[]> {
  const benefits = ['fastUpload', 'ownStorage', 'notifications', 'security', 'branding', 'shareLinks', 'statistics'];
  return {
    [text(t, 'benefits.title')]: [
      ...benefits.flatMap((k) => [text(t, `benefits.${k}`), text(t, `benefits.text.${k}`)]),
    ],
    [text(t, 'pricing.title')]: [
      text(t, 'pricing.trial'),
      text(t, 'pricing.monthly'),
      text(t, 'pricing.yearly'),
      text(t, 'pricing.bestValue'),
      text(t, 'pricing.note'),
    ],
    [text(t, 'integrations.title')]: ['drive', 'more'].flatMap((k) => [
      text(t, `integrations.${k}`),
      text(t, `integrations.text.${k}`),
    ]),
    [text(t, 'safety.title')]: ['privacy', 'noStorage', 'aiFree'].flatMap((k) => [
      text(t, `safety.${k}`),
      text(t, `safety.text.${k}`),
    ]),
    [text(t, 'cta.title')]: [text(t, 'cta.text'), text(t, 'hero.try'), text(t, 'hero.goToProduct')],
  };
}

for (const language of ['en', 'ar'] as const) {
  test(`the landing shows every section with its text (${language})`, async ({ page }) => {
    const t = strings(language);
    await page.goto(`/?lng=${language}`);
    await expect(landing(page).getByRole('heading', { level: 1 })).toHaveText(text(t, 'hero.title'));
    await expect(landing(page).getByText(text(t, 'hero.subtitle'))).toBeVisible();
    await expect(
      landing(page)
        .getByRole('button', { name: text(t, 'hero.try') })
        .first(),
    ).toBeEnabled();
    await expect(landing(page).locator('[data-demo-trigger]')).toHaveText(text(t, 'hero.demo'));
    for (const [title, texts] of Object.entries(sections(t))) {
      const section = landing(page).getByRole('region', { name: title });
      await section.scrollIntoViewIfNeeded();
      for (const expected of texts)
        await expect(section.getByText(expected, { exact: true }).first(), `${title}: ${expected}`).toBeVisible();
    }
    const prices = language === 'en' ? ['€2 per month', '€10 per year'] : [];
    for (const price of prices) await expect(landing(page).getByText(price)).toBeVisible();
    await expect(landing(page).getByRole('link', { name: text(t, 'hero.goToProduct') })).toHaveAttribute(
      'href',
      '/upload',
    );
  });
}

test('pricing fades in when scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const fade = landing(page).locator('.marketing-fade');
  await expect(fade).toHaveAttribute('data-fade', 'waiting');
  await expect.poll(() => fade.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  await fade.scrollIntoViewIfNeeded();
  await expect(fade).toHaveAttribute('data-fade', 'shown');
  await expect.poll(() => fade.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
});

test('pricing stays still for a visitor who prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const fade = landing(page).locator('.marketing-fade');
  await expect(landing(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fade).toHaveAttribute('data-fade', 'still');
  await expect.poll(() => fade.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await fade.scrollIntoViewIfNeeded();
  await expect(fade).toHaveAttribute('data-fade', 'still');
  // Polled: the server-rendered page is swapped for the live one once the app has drawn it.
  await expect.poll(() => fade.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
});
