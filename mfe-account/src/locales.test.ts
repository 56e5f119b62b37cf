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

  it('says one and two remaining days in Arabic without the number ("يتبقى يومان")', () => {
    const ar = JSON.parse(readFileSync(`${root}ar/${NAMESPACE}.json`, 'utf8')) as Record<string, unknown>;
    expect([ar.daysRemaining_one, ar.daysRemaining_two]).toEqual(['يتبقى يوم واحد', 'يتبقى يومان']);
  });
});
