import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyCode, isLinkCode, isSlug, LINK_CODE_MAX } from './codes.js';

const SLUG_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'];
const slugChar = fc.constantFrom(...SLUG_CHARS);
const tokenChar = fc.constantFrom(...SLUG_CHARS, '.', '~');

describe('classifyCode', () => {
  it('reads every 8 to 16 character string of the URL-safe set as a slug', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: slugChar, minLength: 8, maxLength: 16 }),
        (s) => classifyCode(s) === 'slug' && isSlug(s),
      ),
    );
  });

  it('reads 17 to 63 safe characters as a token code unless it starts with a dot or holds ".."', () => {
    fc.assert(
      fc.property(fc.string({ unit: tokenChar, minLength: 17, maxLength: LINK_CODE_MAX }), (s) => {
        const expected = s.startsWith('.') || s.includes('..') ? 'invalid' : 'token';
        expect(classifyCode(s)).toBe(expected);
        expect(isSlug(s)).toBe(false);
      }),
    );
  });

  it('refuses anything shorter than 8 or longer than 63', () => {
    fc.assert(fc.property(fc.string({ unit: tokenChar, maxLength: 7 }), (s) => classifyCode(s) === 'invalid'));
    fc.assert(
      fc.property(
        fc.string({ unit: slugChar, minLength: LINK_CODE_MAX + 1, maxLength: 3000 }),
        (s) => classifyCode(s) === 'invalid',
      ),
    );
  });

  it('refuses every code holding a character outside the URL-safe set', () => {
    const outside = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[A-Za-z0-9_.~-]/.test(c));
    fc.assert(
      fc.property(fc.string({ unit: slugChar, minLength: 8, maxLength: 40 }), outside, fc.nat(), (s, bad, at) => {
        const i = at % s.length;
        return !isLinkCode(s.slice(0, i) + bad + s.slice(i + 1));
      }),
    );
  });

  it.each([
    'uc',
    'UC',
    'faq',
    'upload',
    '../../../../etc/passwd',
    '.hidden_token_code_x',
    'token..code_longer_than',
    '%2Fabcdefgh',
    'ünïcödé1',
    '',
  ])('refuses %s', (v) => expect(isLinkCode(v)).toBe(false));
  it('sets the slug/token boundary at 16', () => {
    expect(classifyCode('AbCdEfGhIjKlMnOp')).toBe('slug');
    expect(classifyCode('AbCdEfGhIjKlMnOpQ')).toBe('token');
  });
});
