/**
 * Hebrew speaks to the reader in one register on every screen, page and mail: the plural, which is
 * gender-neutral ("שלכם", "נסו שוב"), as the marketing pages, FAQ and legal texts always did. A
 * singular address ("שלך", "קיבלת", "נסה שוב", "התחבר/י") anywhere is a slip back into the other one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Every Hebrew text the product ships: the remotes' and shell's locale files, the marketing content, mails, captions. */
function hebrewSources(): Record<string, string> {
  const files = [
    'shell/public/locales/he/shell.json',
    'mfe-upload/public/locales/he/upload.json',
    'mfe-download/public/locales/he/download.json',
    'mfe-account/public/locales/he/account.json',
    'mfe-marketing/public/locales/he/marketing.json',
    ...readdirSync(`${repo}mfe-marketing/content/he`).map((name) => `mfe-marketing/content/he/${name}`),
    'services/notification/src/mail/strings/he.ts',
  ];
  const sources: Record<string, string> = {};
  for (const file of files) sources[file] = readFileSync(`${repo}${file}`, 'utf8');
  // Files holding every language: only the Hebrew block.
  for (const file of [
    'services/notification/src/mail/account-notice-strings.ts',
    'services/notification/src/mail/cleanup-strings.ts',
    'services/notification/src/mail/account-deleted-strings.ts',
    'tests/demo/caption-text.ts',
  ]) {
    const source = readFileSync(`${repo}${file}`, 'utf8');
    const start = source.indexOf('\n  he: {');
    sources[file] = source.slice(start, source.indexOf('\n  },', start));
  }
  return sources;
}

const HEBREW_LETTER = '\\u05D0-\\u05EA';
/** Whole words, after at most the prefixes "ו" (and) or "ש" (that) where `prefixed`. */
const word = (forms: string[], prefixes: string) =>
  new RegExp(`(?<![${HEBREW_LETTER}])${prefixes}(?:${forms.join('|')})(?![${HEBREW_LETTER}])`, 'g');

/** Singular second-person forms: suffixes and verbs the texts used before, and slashed gender forms. */
const SINGULAR = [
  word(['שלך', 'לך', 'אליך', 'איתך', 'אותך', 'עבורך', 'ממך', 'בעצמך', 'בשבילך'], '[וש]?'),
  word(['קיבלת', 'שיתפת', 'התחברת', 'חויבת', 'תשלם', 'תפסיד', 'תחויב'], '[וש]?'),
  word(
    [
      'נסה',
      'בחר',
      'עדכן',
      'פנה',
      'טען',
      'הסר',
      'פתח',
      'מחק',
      'התחבר',
      'בדוק',
      'הזן',
      'המתן',
      'לחץ',
      'הקלד',
      'בקש',
      'ודא',
    ],
    'ו?',
  ),
  new RegExp(`[${HEBREW_LETTER}]+/[יה](?![${HEBREW_LETTER}])`, 'g'),
];

describe('Hebrew register', () => {
  it('the shipped texts are Hebrew where expected (the check reads real text)', () => {
    const sources = hebrewSources();
    for (const [file, text] of Object.entries(sources)) expect(text, file).toMatch(/[\u05D0-\u05EA]{3}/);
    expect(sources['mfe-marketing/public/locales/he/marketing.json']).toContain('שלכם');
  });

  it('addresses the reader in the plural everywhere, never the singular', () => {
    const slips: string[] = [];
    for (const [file, text] of Object.entries(hebrewSources())) {
      for (const pattern of SINGULAR)
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split('\n').length;
          slips.push(`${file}:${line} "${match[0]}"`);
        }
    }
    expect(slips).toEqual([]);
  });

  it('recognises a singular slip (the check can fail)', () => {
    const slipped = ['ה-Drive שלך', 'נסה שוב מאוחר יותר', 'התחבר/י ל-Ferry', 'קיבלת קובץ'];
    for (const text of slipped)
      expect(
        SINGULAR.some((p) => new RegExp(p.source).test(text)),
        text,
      ).toBe(true);
    for (const text of ['ה-Drive שלכם', 'נסו שוב', 'להתחבר', 'קיבלתם קובץ', 'בחירת תוכנית'])
      expect(
        SINGULAR.some((p) => new RegExp(p.source).test(text)),
        text,
      ).toBe(false);
  });
});
