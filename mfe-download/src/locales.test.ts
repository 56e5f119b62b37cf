// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localeProblems } from '@ferry/shell-sdk/locale-check';
import { NAMESPACE } from './i18n';

const root = fileURLToPath(new URL('../public/locales/', import.meta.url));

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

  it('writes the anonymous sender in the case that follows "Shared by" (German dative, Hindi oblique)', () => {
    const read = (language: string) =>
      JSON.parse(readFileSync(`${root}${language}/${NAMESPACE}.json`, 'utf8')) as { anonymous: string; help: string };
    expect(read('de').anonymous).toBe('einer Person, die Ferry nutzt');
    expect(read('hi').anonymous).toBe('एक Ferry उपयोगकर्ता');
    expect(read('en').help).toContain('Open the link in a new tab');
  });

  it('says in Polish that the time ran out, not a bare "wygasł" beside "Pozostały czas"', () => {
    const pl = JSON.parse(readFileSync(`${root}pl/${NAMESPACE}.json`, 'utf8')) as { timeLeft: string; expired: string };
    expect([pl.timeLeft, pl.expired]).toEqual(['Pozostały czas', 'czas minął']);
  });
});
