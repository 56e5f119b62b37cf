/**
 * Every text of every language keeps its language's rules (conventions.ts): register, sign-in word,
 * units, apostrophes and quotation marks, digits, trial vs beta period, forbidden words, and the
 * glossary. The texts come from all five kinds of source, and a text file no reader covers fails.
 */
import { SUPPORTED_LANGUAGES, type LanguageCode } from '@ferry/rules';
import { describe, expect, it } from 'vitest';
import { conventionProblems, LANGUAGE_RULES } from './conventions.js';
import { glossaryProblems } from './glossary.js';
import {
  isTextSource,
  jsonTexts,
  languageBlock,
  markdownTexts,
  moduleTexts,
  type SourceKind,
  textsOf,
  unreadTextFiles,
} from './text-sources.js';

const KINDS: SourceKind[] = ['ui', 'content', 'mail', 'action-page', 'captions'];

describe('language conventions', () => {
  it('has one row of rules for every supported language', () => {
    expect(Object.keys(LANGUAGE_RULES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each([...SUPPORTED_LANGUAGES])('%s: reads texts of all five source kinds', (language) => {
    const kinds = new Set(textsOf(language).map((t) => t.kind));
    expect([...kinds].sort()).toEqual([...KINDS].sort());
  });

  it.each([...SUPPORTED_LANGUAGES])('%s: every text keeps the language rules', (language) => {
    expect(textsOf(language).flatMap((text) => conventionProblems(language, text))).toEqual([]);
  });

  it.each([...SUPPORTED_LANGUAGES])('%s: every text keeps the glossary', (language) => {
    expect(glossaryProblems(language, textsOf(language))).toEqual([]);
  });

  it('reads every text file in the tree: a new one no reader covers fails here', () => {
    expect(unreadTextFiles()).toEqual([]);
  });
});

/** A one-language module as the mail, action-page and caption modules are written. */
const module = (language: LanguageCode, line: string) =>
  `export const s = {\n  ${language}: {\n    ${line}\n  },\n};\n`;
const problemsIn = (language: LanguageCode, texts: ReturnType<typeof jsonTexts>) =>
  texts.flatMap((text) => conventionProblems(language, text));

describe('the checks can fail: a broken string in each source kind', () => {
  it('UI JSON: German «Sie» on a screen', () => {
    const texts = jsonTexts('{"admin": {"needReason": "Bitte geben Sie einen Grund an."}}', 'de/account.json');
    expect(problemsIn('de', texts).join()).toMatch(/du/);
    expect(problemsIn('de', jsonTexts('{"admin": {"needReason": "Bitte gib einen Grund an."}}', 'x'))).toEqual([]);
  });

  it('Markdown content: European Portuguese and Latin units', () => {
    expect(problemsIn('pt', markdownTexts('Guarde o ficheiro no Drive.\n', 'pt/faq.md')).join()).toMatch(/European/);
    expect(problemsIn('uk', markdownTexts('Безкоштовно 15 GB.\n', 'uk/faq.md')).join()).toMatch(/unit/);
    expect(problemsIn('uk', markdownTexts('Безкоштовно 15 ГБ.\n', 'uk/faq.md'))).toEqual([]);
    // «Sie» opening a sentence is "they" in a content page; mid-sentence it addresses the reader.
    expect(problemsIn('de', markdownTexts('Sie bleiben in deinem Drive.\n', 'de/faq.md'))).toEqual([]);
    expect(problemsIn('de', markdownTexts('Dann können Sie ihn löschen.\n', 'de/faq.md')).join()).toMatch(/du/);
  });

  it('mail modules: a singular Hebrew reader, a straight French apostrophe', () => {
    const he = moduleTexts(languageBlock(module('he', "footer: 'קיבלת את ההודעה הזאת.',"), 'he'), 'mail.ts', 'mail');
    expect(problemsIn('he', he).join()).toMatch(/plural/);
    const fr = moduleTexts(languageBlock(module('fr', `footer: "avant qu'il n'expire",`), 'fr'), 'mail.ts', 'mail');
    expect(problemsIn('fr', fr).join()).toMatch(/apostrophe/);
  });

  it('action page: Japanese «サインイン» and a trial called beta', () => {
    const ja = moduleTexts(
      languageBlock(module('ja', "expired: 'Ferry にサインインしてください。',"), 'ja'),
      'page.ts',
      'action-page',
    );
    expect(problemsIn('ja', ja).join()).toMatch(/sign-in/);
    const en = moduleTexts(
      languageBlock(module('en', "subject: 'Your beta period ends soon',"), 'en'),
      'page.ts',
      'action-page',
    );
    expect(problemsIn('en', en).join()).toMatch(/trial/);
  });

  it('demo captions: Latin digits on a Bengali page, straight quotes', () => {
    const bn = moduleTexts(
      languageBlock(module('bn', "landing: 'প্রথম 3 মাস বিনামূল্যে।',"), 'bn'),
      'captions.ts',
      'captions',
    );
    expect(problemsIn('bn', bn).join()).toMatch(/digits/);
    const de = moduleTexts(
      languageBlock(module('de', `landing: 'Klick auf "Hochladen".',`), 'de'),
      'captions.ts',
      'captions',
    );
    expect(problemsIn('de', de).join()).toMatch(/quotation/);
  });

  it('recognises a new text file: translated words in a module with a block per language', () => {
    const source = ['ja', 'he', 'ar'].map((l) => module(l as LanguageCode, "hello: 'שלום こんにちは مرحبا',")).join('');
    expect(isTextSource('services/notification/src/mail/reminder-strings.ts', source)).toBe(true);
    expect(isTextSource('mfe-upload/public/locales/de/new.json', '{}')).toBe(true);
    expect(isTextSource('mfe-marketing/content/de/cookies.md', '')).toBe(true);
    expect(isTextSource('services/link/src/policies.ts', "export const a = 'x';")).toBe(false);
  });
});
