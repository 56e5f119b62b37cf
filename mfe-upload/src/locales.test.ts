// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@ferry/shell-sdk';
import { NAMESPACE } from './i18n';

const root = fileURLToPath(new URL('../public/locales/', import.meta.url));
const read = (language: string) => JSON.parse(readFileSync(`${root}${language}/${NAMESPACE}.json`, 'utf8')) as object;

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keys(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe(`${NAMESPACE} locales`, () => {
  it('has a file for every supported language and nothing else', () => {
    expect(readdirSync(root).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const language of SUPPORTED_LANGUAGES) expect(typeof read(language)).toBe('object');
  });

  it('has English and Dutch complete with the same keys', () => {
    expect(keys(read('nl')).sort()).toEqual(keys(read('en')).sort());
    expect(keys(read('en')).length).toBeGreaterThan(0);
  });
});
