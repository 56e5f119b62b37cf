import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSubdomain, numberedSubdomain, senderSubdomain, subdomainOfHost } from './subdomain.js';

const labelChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-');
const label = fc.string({ unit: labelChar, minLength: 1, maxLength: 63 }).filter(isSubdomain);

describe('senderSubdomain', () => {
  it('is empty or a valid DNS label for every e-mail', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.domain(), (local, domain) => {
        const s = senderSubdomain(`${local}@${domain}`);
        return s === '' || isSubdomain(s);
      }),
    );
  });
  it('ignores the domain, so alice@a and alice@b share a base', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.domain(),
        (email, other) =>
          senderSubdomain(email) === senderSubdomain(`${email.slice(0, email.lastIndexOf('@'))}@${other}`),
      ),
    );
  });
  it('keeps the lower-cased local part', () =>
    expect(senderSubdomain('Ann.Smith+ferry@Example.com')).toBe('annsmithferry'));
  it('cuts at 63 characters', () => expect(senderSubdomain(`${'a'.repeat(80)}@x.io`)).toHaveLength(63));
  it('drops hyphens at either end', () => expect(senderSubdomain('-ann-@x.io')).toBe('ann'));
  it('gives an empty string when nothing is left', () => expect(senderSubdomain('..@x.io')).toBe(''));
});

describe('numberedSubdomain', () => {
  it('is the base first, then distinct valid labels', () => {
    fc.assert(
      fc.property(label, fc.integer({ min: 2, max: 100_000 }), (base, n) => {
        expect(numberedSubdomain(base, 1)).toBe(base);
        const c = numberedSubdomain(base, n);
        expect(isSubdomain(c)).toBe(true);
        expect(c.endsWith(`-${n}`) || c === String(n)).toBe(true);
        expect(c).not.toBe(numberedSubdomain(base, n + 1));
      }),
    );
  });
  it('gives alice-2 after alice', () => expect(numberedSubdomain('alice', 2)).toBe('alice-2'));
});

describe('subdomainOfHost', () => {
  it('finds the label of every sender host under the root, with or without a port', () => {
    fc.assert(
      fc.property(
        label.filter((l) => l !== 'www'),
        fc.domain(),
        fc.option(fc.integer({ min: 1, max: 65535 })),
        (l, root, port) => {
          const p = port === null ? '' : `:${port}`;
          return subdomainOfHost(`${l}.${root}${p}`, `${root}${p}`) === l;
        },
      ),
    );
  });
  it('gives nothing for the root, www, deeper names and other hosts', () => {
    expect(subdomainOfHost('ferry.app', 'ferry.app')).toBeUndefined();
    expect(subdomainOfHost('www.ferry.app', 'ferry.app')).toBeUndefined();
    expect(subdomainOfHost('a.b.ferry.app', 'ferry.app')).toBeUndefined();
    expect(subdomainOfHost('alice.evil.example', 'ferry.app')).toBeUndefined();
    expect(subdomainOfHost('aliceferry.app', 'ferry.app')).toBeUndefined();
    expect(subdomainOfHost('Alice.localhost:8080', 'localhost:8080')).toBe('alice');
  });
});
