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

  it('never names removing from the queue with the word of the destructive delete', () => {
    for (const language of readdirSync(root)) {
      const file = JSON.parse(readFileSync(`${root}${language}/${NAMESPACE}.json`, 'utf8')) as {
        queue: { remove: string };
        list?: { delete?: string };
      } & Record<string, unknown>;
      const del = JSON.stringify(file).match(/"delete":"([^"]+)"/)?.[1];
      expect(del, language).toBeDefined();
      expect(file.queue.remove, language).not.toBe(del);
    }
  });

  it('says one and two in Arabic by the noun alone: "ملفان", never "2 ملفان"', () => {
    const ar = JSON.parse(readFileSync(`${root}ar/${NAMESPACE}.json`, 'utf8')) as {
      queue: Record<string, string>;
      uploadButton_two: string;
      list: Record<string, string>;
    };
    expect(ar.queue.count_two).toBe('ملفان');
    expect(ar.queue.count_one).toBe('ملف واحد');
    expect(ar.uploadButton_two).toBe('رفع ملفين');
    expect(ar.list.expiryHint_two).toContain('لمدة يومين؛');
    const file = readFileSync(`${root}ar/${NAMESPACE}.json`, 'utf8');
    expect(file).not.toMatch(/_(one|two)": "[^"]*\{\{count\}\}/);
  });

  it('writes the percentage only through the number format (no literal sign beside the number)', () => {
    for (const language of readdirSync(root)) {
      const file = readFileSync(`${root}${language}/${NAMESPACE}.json`, 'utf8');
      expect(file, language).not.toMatch(/%\{\{percent\}\}|\{\{percent\}\}\s?%/);
    }
  });
});
