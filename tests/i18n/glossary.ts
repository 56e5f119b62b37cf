/**
 * Each language's fixed terms (glossary/<language>.json): for link, transfer, expire, extend, drive,
 * upload, download, trial, password and report, the word the product uses and the alternatives it
 * must not use. Words match at the start of a word, in any case ('verlänger' finds «verlängern»).
 */
import { readFileSync } from 'node:fs';
import type { LanguageCode } from '@ferry/rules';
import type { Text } from './text-sources.js';

const GLOSSARY_TERMS = [
  'link',
  'transfer',
  'expire',
  'extend',
  'drive',
  'upload',
  'download',
  'trial',
  'password',
  'report',
] as const;
type GlossaryTerm = (typeof GLOSSARY_TERMS)[number];
type Glossary = Record<GlossaryTerm, { use: string[]; not: string[] }>;

function glossary(language: LanguageCode): Glossary {
  return JSON.parse(readFileSync(new URL(`./glossary/${language}.json`, import.meta.url), 'utf8')) as Glossary;
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word at the start of a word; a trailing '$' makes it the whole word ('şifre$' is not «şifrelenmiş»). */
const wordStart = (word: string) =>
  word.endsWith('$')
    ? new RegExp(`(?<![\\p{L}\\p{M}])${escapeRegExp(word.slice(0, -1))}(?![\\p{L}\\p{M}])`, 'iu')
    : new RegExp(`(?<![\\p{L}\\p{M}])${escapeRegExp(word)}`, 'iu');
/** Placeholders ({{link}}, {{value}}) are not words of the text. */
const prose = (text: Text) => text.text.replace(/\{\{[^}]*\}\}/g, ' ');

/**
 * Every way the texts break the glossary: a forbidden alternative anywhere, or a term whose word
 * appears in no text (the glossary no longer describes the product).
 */
export function glossaryProblems(
  language: LanguageCode,
  texts: Text[],
  terms: Glossary = glossary(language),
): string[] {
  const problems: string[] = [];
  for (const term of GLOSSARY_TERMS) {
    const entry = terms[term];
    if (!entry) {
      problems.push(`${language}: the glossary has no «${term}»`);
      continue;
    }
    for (const word of entry.not)
      for (const text of texts)
        if (wordStart(word).test(prose(text)))
          problems.push(`${language} ${text.where}: «${word}» for ${term}, the glossary says «${entry.use[0]}»`);
    if (!entry.use.some((word) => texts.some((text) => wordStart(word).test(prose(text)))))
      problems.push(`${language}: no text uses «${entry.use.join('/')}» for ${term}`);
  }
  return problems;
}
