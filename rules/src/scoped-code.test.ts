import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLinkCode } from './codes.js';
import { parseScopedCode, scopedCode } from './scoped-code.js';
import { isSubdomain } from './subdomain.js';

const labelChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-');
const label = fc.string({ unit: labelChar, minLength: 1, maxLength: 63 }).filter(isSubdomain);
const code = fc.string({ unit: fc.constantFrom(...'ABCxyz019_-~.'), minLength: 8, maxLength: 63 }).filter(isLinkCode);

describe('scoped codes', () => {
  it('round-trips every subdomain and code', () => {
    fc.assert(
      fc.property(label, code, (s, c) => {
        expect(parseScopedCode(scopedCode(s, c))).toEqual({ subdomain: s, code: c });
      }),
    );
  });
  it('reads a bare code as unscoped and refuses malformed keys', () => {
    expect(parseScopedCode('AbCdEfGh12')).toEqual({ subdomain: '', code: 'AbCdEfGh12' });
    for (const bad of ['alice/', '/AbCdEfGh12', 'Alice/AbCdEfGh12', 'alice/AbCd/EfGh12', 'alice/../etc/passwd'])
      expect(parseScopedCode(bad)).toBeUndefined();
  });
});
