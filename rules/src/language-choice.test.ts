import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language-choice.js';

describe('chooseLanguage', () => {
  it('takes ?lng= first, then the cookie, then Accept-Language, then English', () => {
    expect(chooseLanguage({ query: 'de', cookie: 'fr', acceptLanguage: 'ja' })).toBe('de');
    expect(chooseLanguage({ query: 'xx', cookie: 'fr', acceptLanguage: 'ja' })).toBe('fr');
    expect(chooseLanguage({ cookie: 'zz', acceptLanguage: 'ja-JP,en;q=0.5' })).toBe('ja');
    expect(chooseLanguage({})).toBe('en');
  });

  it('reads Accept-Language by quality, skips unsupported and q=0 languages, and maps aliases', () => {
    expect(chooseLanguage({ acceptLanguage: 'zh-CN, ar;q=0.4, de;q=0.8' })).toBe('de');
    expect(chooseLanguage({ acceptLanguage: 'nl;q=0, sv;q=0.1' })).toBe('sv');
    expect(chooseLanguage({ acceptLanguage: 'iw-IL' })).toBe('he');
    expect(chooseLanguage({ acceptLanguage: 'en-GB, nl' })).toBe('en');
    expect(chooseLanguage({ acceptLanguage: '*' })).toBe('en');
  });
});
