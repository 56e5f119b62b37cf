import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages';
import { localeProblems } from './locale-check';

const en = {
  title: 'Upload',
  files: { count_one: '{{count}} file', count_other: '{{count}} files' },
  greet: 'Hi {{name}}',
};
/** A complete set: each language's plural forms, placeholders kept. */
function complete(): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const forms = Object.fromEntries(
      new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((c) => [`count_${c}`, `{{count}} ${c}`]),
    );
    files[language] = { title: `T ${language}`, files: forms, greet: `G {{name}}` };
  }
  files.en = en;
  return files;
}

describe('localeProblems', () => {
  it('accepts every language with its own plural forms', () => {
    expect(localeProblems(complete())).toEqual([]);
  });

  it('names missing and unexpected keys, empty strings, lost placeholders and missing languages', () => {
    const files = complete();
    files.de = { title: '', files: { count_one: 'eine', count_other: '{{count}}', count_few: 'x' }, hello: 'Hallo' };
    delete files.ja;
    expect(localeProblems(files).sort()).toEqual(
      [
        `languages: ${Object.keys(files).sort().join(',')} instead of ${[...SUPPORTED_LANGUAGES].sort().join(',')}`,
        'de: title is empty',
        'de: missing greet',
        'de: unexpected files.count_few',
        'de: unexpected hello',
      ].sort(),
    );
  });

  it('asks Polish for one, few, many and other', () => {
    const files = complete();
    files.pl = {
      title: 'Prześlij',
      files: { count_one: '{{count}} plik', count_other: '{{count}} pliku' },
      greet: 'Cześć {{name}}',
    };
    expect(localeProblems(files)).toEqual(['pl: missing files.count_few', 'pl: missing files.count_many']);
  });

  it('a lost placeholder outside plural counts is a problem', () => {
    const files = complete();
    (files.fr as { greet: string }).greet = 'Bonjour';
    expect(localeProblems(files)).toEqual(['fr: greet lost {{name}}']);
  });

  it('only single-number forms may write the count as a word; unknown placeholders are problems', () => {
    const files = complete();
    files.de = { title: 'T', files: { count_one: 'eine Datei', count_other: 'Dateien' }, greet: 'Hallo {{nmae}}' };
    expect(localeProblems(files).sort()).toEqual([
      'de: files.count_other lost {{count}}',
      'de: greet has unknown {{nmae}}',
      'de: greet lost {{name}}',
    ]);
  });

  it('reads unescaped and formatted placeholders', () => {
    const files = complete();
    (files.en as { greet: string }).greet = 'Hi {{- name}}, {{when, datetime}}';
    for (const [language, file] of Object.entries(files))
      if (language !== 'en') (file as { greet: string }).greet = `{{name}} {{when}}`;
    expect(localeProblems(files)).toEqual([]);
  });
});
