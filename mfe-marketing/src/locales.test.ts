// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@ferry/shell-sdk';
import { localeProblems } from '@ferry/shell-sdk/locale-check';
import { PRIVACY_SECTION_COUNT, TERMS_SECTION_ORDER } from './constants';
import { displayedSections } from './content/order';
import { contentIds, parseContent } from './content/parse';
import { CONTENT_PAGES, type ContentDocument } from './content/types';
import { NAMESPACE } from './i18n';

const root = fileURLToPath(new URL('../public/locales/', import.meta.url));
const contentRoot = fileURLToPath(new URL('../content/', import.meta.url));

/**
 * Languages whose FAQ, privacy and terms are not written yet (they show English until then).
 * Empty this list to require the content in all 17 languages.
 */
const CONTENT_PENDING: readonly string[] = [];

describe(`${NAMESPACE} locales`, () => {
  it('every supported language is complete: same keys as English, its own plural forms, placeholders kept', () => {
    const files = Object.fromEntries(
      readdirSync(root).map((language) => [
        language,
        JSON.parse(readFileSync(`${root}${language}/${NAMESPACE}.json`, 'utf8')) as unknown,
      ]),
    );
    expect(localeProblems(files)).toEqual([]);
  });
});

function readContent(language: string): Partial<Record<(typeof CONTENT_PAGES)[number], ContentDocument>> {
  const docs: Partial<Record<(typeof CONTENT_PAGES)[number], ContentDocument>> = {};
  for (const page of CONTENT_PAGES) {
    const file = `${contentRoot}${language}/${page}.md`;
    if (existsSync(file)) docs[page] = parseContent(readFileSync(file, 'utf8'), page, language);
  }
  return docs;
}

describe('content (FAQ, privacy, terms)', () => {
  const english = readContent('en');

  it('is written only in supported languages, each with all three pages', () => {
    const problems: string[] = [];
    for (const language of readdirSync(contentRoot, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)) {
      if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language))
        problems.push(`${language}: not a supported language`);
      const missing = CONTENT_PAGES.filter((page) => !existsSync(`${contentRoot}${language}/${page}.md`));
      if (missing.length > 0) problems.push(`${language}: missing ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('exists in every language not listed as pending', () => {
    const absent = SUPPORTED_LANGUAGES.filter((language) => !existsSync(`${contentRoot}${language}`));
    expect(absent.filter((language) => !CONTENT_PENDING.includes(language))).toEqual([]);
    // A pending language that has arrived must leave the list, so the check keeps holding it.
    expect(CONTENT_PENDING.filter((language) => !absent.includes(language as never))).toEqual([]);
  });

  it('has the same section and question ids, in the same order, as English in every language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const docs = readContent(language);
      for (const page of CONTENT_PAGES) {
        const doc = docs[page];
        if (doc) expect(contentIds(doc), `${language}/${page}.md`).toEqual(contentIds(english[page]!));
      }
    }
  });

  it('FAQ: five sections and at least 18 questions; privacy 9 sections; terms 13, shown 1-6, 8-13, then 7', () => {
    expect(english.faq!.sections).toHaveLength(5);
    expect(english.faq!.sections.flatMap((s) => s.items).length).toBeGreaterThanOrEqual(18);
    expect(english.privacy!.sections).toHaveLength(PRIVACY_SECTION_COUNT);
    expect(english.terms!.sections).toHaveLength(13);
    expect(displayedSections(english.terms!).map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7]);
    expect(TERMS_SECTION_ORDER).toHaveLength(13);
    expect(displayedSections(english.privacy!).map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('carries the facts of the spec in English', () => {
    const text = (page: 'faq' | 'privacy' | 'terms') => readFileSync(`${contentRoot}en/${page}.md`, 'utf8');
    expect(text('faq')).toMatch(/15 GB/);
    expect(text('faq')).toMatch(/100 GB/);
    expect(text('faq')).toMatch(/7 days/);
    expect(text('faq')).toMatch(/30 days after the upload/);
    expect(text('faq')).toMatch(/2 EUR per month, or 10 EUR per year/);
    expect(text('terms')).toMatch(/the amount you paid us in the last 12 months, or 100 EUR, whichever is higher/);
    expect(text('terms')).toMatch(/suspend or close an account that is used for abuse/);
    expect(text('terms')).toMatch(/do not screen files with AI/);
    expect(text('terms')).toMatch(/read and write within your own account only/);
    expect(text('privacy')).toMatch(/24 hours/);
    expect(text('privacy')).toMatch(/14 months/);
    expect(text('privacy')).toMatch(/Do Not Track or Global Privacy Control/);
    // What the logs keep (services/gateway access-log.ts, scripts/lib/process.ts LOG_ROTATION).
    expect(text('privacy')).toMatch(/opening or downloading a link included, leave no line/);
    expect(text('privacy')).toMatch(/fixed maximum size/);
    expect(text('privacy')).toMatch(/`drive\.file`/);
  });
});
