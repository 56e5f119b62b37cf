/**
 * Checks a namespace's translations against English, for each package's locale test: every
 * supported language present, the same keys (plural keys in the forms `Intl.PluralRules` gives
 * that language), no empty strings, and every `{{placeholder}}` of the English text kept.
 */
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './languages.js';

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** `{{name}}`, `{{- name}}` (unescaped) and `{{name, format}}`. */
const PLACEHOLDER = /{{-?\s*([\w.]+)\s*(?:,[^}]*)?}}/g;
/** Forms for a single number, where a language may write the number as a word ("one file"). */
const SINGLE_NUMBER_FORMS = /_(zero|one|two)$/;

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value !== null && typeof value === 'object')
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

const placeholders = (text: string) => new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!));

/** English keys as one language expects them: `x_one`/`x_other` become that language's plural forms. */
function expectedKeys(english: Map<string, unknown>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, value] of english) {
    const plural = PLURAL_SUFFIX.exec(key);
    if (!plural) expected.set(key, String(value));
    else if (plural[1] === 'other') {
      const base = key.slice(0, -'_other'.length);
      for (const category of categories) expected.set(`${base}_${category}`, String(value));
    }
  }
  return expected;
}

/** Every problem found, as readable lines; empty when the namespace is complete in every language. */
export function localeProblems(files: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const present = Object.keys(files).sort();
  const wanted = [...SUPPORTED_LANGUAGES].sort();
  if (present.join() !== wanted.join()) problems.push(`languages: ${present.join(',')} instead of ${wanted.join(',')}`);
  const english = flatten((files[FALLBACK_LANGUAGE] ?? {}) as Tree);
  if (english.size === 0) problems.push('en: no strings');
  for (const language of SUPPORTED_LANGUAGES) {
    const file = files[language];
    if (file === undefined) continue;
    const actual = flatten(file as Tree);
    const expected = expectedKeys(english, language);
    for (const [key, source] of expected) {
      const value = actual.get(key);
      if (value === undefined) {
        problems.push(`${language}: missing ${key}`);
        continue;
      }
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${language}: ${key} is empty`);
        continue;
      }
      const kept = placeholders(value);
      const needed = placeholders(source);
      for (const name of needed) {
        if (name === 'count' && SINGLE_NUMBER_FORMS.test(key)) continue;
        if (!kept.has(name)) problems.push(`${language}: ${key} lost {{${name}}}`);
      }
      for (const name of kept) if (!needed.has(name)) problems.push(`${language}: ${key} has unknown {{${name}}}`);
    }
    for (const key of actual.keys()) if (!expected.has(key)) problems.push(`${language}: unexpected ${key}`);
  }
  return problems;
}
