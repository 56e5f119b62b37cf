import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LANGUAGE,
  isSupportedLanguage,
  normaliseLanguage,
  SUPPORTED_LANGUAGES,
  textDirection,
} from './languages.js';

describe('normaliseLanguage', () => {
  it('always answers a supported language', () => {
    fc.assert(fc.property(fc.option(fc.string()), (tag) => isSupportedLanguage(normaliseLanguage(tag))));
  });
  it('keeps every supported language whatever its region, case or padding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_LANGUAGES),
        fc.stringMatching(/^[A-Za-z0-9]{0,8}$/),
        fc.constantFrom('-', '_'),
        fc.boolean(),
        (lang, region, sep, upper) => {
          const tag = ` ${upper ? lang.toUpperCase() : lang}${region ? `${sep}${region}` : ''} `;
          return normaliseLanguage(tag) === lang;
        },
      ),
    );
  });
  it('maps regional and unknown tags to a supported language, falling back to English', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(17);
    expect(normaliseLanguage('nl-BE')).toBe('nl');
    expect(normaliseLanguage('PT_br')).toBe('pt');
    expect(normaliseLanguage('de-AT')).toBe('de');
    expect(normaliseLanguage('HE')).toBe('he');
    expect(normaliseLanguage(' uk-UA ')).toBe('uk');
    expect(normaliseLanguage('zh-Hant-TW')).toBe('en');
    expect(normaliseLanguage('xx')).toBe('en');
    expect(normaliseLanguage('')).toBe('en');
    expect(normaliseLanguage(undefined)).toBe('en');
    expect(normaliseLanguage(null)).toBe('en');
    expect(normaliseLanguage('constructor')).toBe(FALLBACK_LANGUAGE);
  });
  it('accepts the deprecated codes iw (Hebrew) and in (Indonesian)', () => {
    expect(normaliseLanguage('iw-IL')).toBe('he');
    expect(normaliseLanguage('in')).toBe('id');
  });
});

describe('textDirection', () => {
  it('is right to left exactly for Arabic and Hebrew, with any region', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SUPPORTED_LANGUAGES), fc.stringMatching(/^[A-Z]{2}$/), (lang, region) => {
        return textDirection(`${lang}-${region}`) === (lang === 'ar' || lang === 'he' ? 'rtl' : 'ltr');
      }),
    );
  });
  it('writes Arabic and Hebrew right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('iw')).toBe('rtl');
    expect(textDirection('nl')).toBe('ltr');
  });
});
