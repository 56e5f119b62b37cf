import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_LANGUAGES,
  SWITCHER_LANGUAGES,
  normaliseLanguage,
  textDirection,
} from './languages.js';

describe('languages', () => {
  it('supports the 17 interface languages and offers 16 in the switcher (no Hebrew)', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(17);
    expect(SWITCHER_LANGUAGES).toHaveLength(16);
    expect(SWITCHER_LANGUAGES).not.toContain('he');
    expect(SWITCHER_LANGUAGES.slice(0, 3)).toEqual(['nl', 'en', 'de']);
  });

  it('maps regional and unknown tags to a supported language, falling back to English', () => {
    expect(normaliseLanguage('nl-BE')).toBe('nl');
    expect(normaliseLanguage('PT_br')).toBe('pt');
    expect(normaliseLanguage('xx')).toBe('en');
    expect(normaliseLanguage(undefined)).toBe('en');
  });

  it('writes Arabic and Hebrew right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('nl')).toBe('ltr');
  });
});
