// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localeProblems } from '@ferry/shell-sdk/locale-check';

const NAMESPACE = 'shell';
const root = fileURLToPath(new URL('../../public/locales/', import.meta.url));

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

  it('keeps the Turkish feedback dialog in the formal "siz" of every other Turkish screen', () => {
    const tr = JSON.parse(readFileSync(`${root}tr/${NAMESPACE}.json`, 'utf8')) as { feedback: Record<string, unknown> };
    const text = JSON.stringify(tr.feedback);
    expect(text).not.toMatch(/(?<!\p{L})(sen|senin)(?!\p{L})|sen@|Mesajın(?!\p{L})|tekrar dene\.|(?<!\p{L})yaz\./u);
    expect(tr.feedback.messageLabel).toBe('Mesajınız');
  });
});
