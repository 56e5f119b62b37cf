import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMailAddress, MAIL_ADDRESS_MAX, normalizeAddress } from './mail-address.js';

describe('isMailAddress', () => {
  it('accepts every plain address fast-check writes that fits the length limit', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        // fast-check's domains may end in a digit-only label or exceed the overall limit; those stay refused.
        const tld = email.slice(email.lastIndexOf('.') + 1);
        fc.pre(email.length <= MAIL_ADDRESS_MAX && /[A-Za-z]/.test(tld));
        expect(isMailAddress(email)).toBe(true);
      }),
    );
  });
  it('refuses anything that could break out of a header: whitespace, controls, quotes, angle brackets, commas', () => {
    const breaker = fc.constantFrom(
      ' ',
      '\t',
      '\r',
      '\n',
      '\u0000',
      '"',
      '<',
      '>',
      ',',
      ';',
      '(',
      ')',
      '\\',
      '[',
      ']',
      ':',
    );
    fc.assert(
      fc.property(fc.emailAddress(), breaker, fc.nat(), (email, c, at) => {
        const i = at % (email.length + 1);
        return !isMailAddress(`${email.slice(0, i)}${c}${email.slice(i)}`);
      }),
    );
  });
  it('refuses more or fewer than one @', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        (email) => !isMailAddress(email.replace('@', '')) && !isMailAddress(`${email}@x.io`),
      ),
    );
  });
  it('keeps the examples', () => {
    for (const ok of ['a@x.io', 'Ann.Smith+ferry@Example.com', "o'neil@mail.example.co.uk", 'x@a-b.io'])
      expect(isMailAddress(ok), ok).toBe(true);
    for (const bad of [
      '',
      'bob',
      '@x.io',
      'a@',
      'a@x',
      'a@x.123',
      '.a@x.io',
      'a.@x.io',
      'a..b@x.io',
      'a@-x.io',
      'a@x-.io',
      'a@x..io',
      'Ann <a@x.io>',
      'a@x.io\r\nBcc: b@y.io',
      `${'a'.repeat(65)}@x.io`,
      `a@${'b'.repeat(250)}.io`,
    ]) {
      expect(isMailAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('normalizeAddress', () => {
  it('is idempotent and ignores case and surrounding space', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const n = normalizeAddress(` ${email.toUpperCase()}\t`);
        return n === normalizeAddress(email) && normalizeAddress(n) === n;
      }),
    );
  });
});
