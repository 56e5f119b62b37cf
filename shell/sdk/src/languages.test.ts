import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, SWITCHER_LANGUAGES } from './languages.js';

describe('languages', () => {
  it('offers 16 of the 17 supported languages in the switcher (no Hebrew)', () => {
    expect(SWITCHER_LANGUAGES).toHaveLength(16);
    expect(SWITCHER_LANGUAGES).not.toContain('he');
    expect(SWITCHER_LANGUAGES.every((l) => SUPPORTED_LANGUAGES.includes(l))).toBe(true);
    expect(SWITCHER_LANGUAGES.slice(0, 3)).toEqual(['nl', 'en', 'de']);
  });
});
