import { describe, expect, it } from 'vitest';
import { senderSubdomain } from './subdomain.js';

describe('senderSubdomain', () => {
  it('keeps the lower-cased local part', () => expect(senderSubdomain('Ann.Smith+ferry@Example.com')).toBe('annsmithferry'));
  it('keeps digits and hyphens', () => expect(senderSubdomain('j-2@x.io')).toBe('j-2'));
  it('cuts at 63 characters', () => expect(senderSubdomain(`${'a'.repeat(80)}@x.io`)).toHaveLength(63));
  it('drops hyphens at either end', () => expect(senderSubdomain('-ann-@x.io')).toBe('ann'));
  it('gives an empty string when nothing is left', () => expect(senderSubdomain('..@x.io')).toBe(''));
});
