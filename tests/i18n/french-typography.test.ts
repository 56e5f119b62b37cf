/**
 * French texts write the apostrophe one way, the typographic ’, on every screen: a mix of ' and ’
 * in one sentence list reads as careless. (The mails set their own typography in code.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));

const FILES = [
  'shell/public/locales/fr/shell.json',
  'mfe-upload/public/locales/fr/upload.json',
  'mfe-download/public/locales/fr/download.json',
  'mfe-account/public/locales/fr/account.json',
  'mfe-marketing/public/locales/fr/marketing.json',
];

/** A straight apostrophe between two letters ("l'import"), with the line it is on. */
function straightApostrophes(text: string): string[] {
  return text.split('\n').filter((line) => /\p{L}'\p{L}/u.test(line));
}

describe('French typography', () => {
  it('uses the typographic apostrophe on every screen', () => {
    const found: string[] = [];
    for (const file of FILES)
      for (const line of straightApostrophes(readFileSync(`${repo}${file}`, 'utf8')))
        found.push(`${file}: ${line.trim()}`);
    expect(found).toEqual([]);
  });

  it('finds a straight one (the check can fail)', () => {
    expect(straightApostrophes('"a": "l\'import"')).toHaveLength(1);
    expect(straightApostrophes('"a": "l’import"')).toHaveLength(0);
  });
});
