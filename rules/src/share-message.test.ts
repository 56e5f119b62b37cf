import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHARE_MESSAGE_LENGTH, shareMessageProblem } from './share-message.js';

const printable = fc
  .string({
    unit: fc.oneof(fc.constantFrom('\n', '\t', ' '), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
    maxLength: 200,
  })
  .map((s) => s.replace(/(?![\t\n])[\p{Cc}\u2028\u2029]/gu, ''));

describe('shareMessageProblem', () => {
  it('accepts any text of printable characters, LF and TAB up to the limit', () => {
    fc.assert(fc.property(printable, (m) => shareMessageProblem(m) === undefined));
  });
  it('refuses CR and every other control character wherever it stands', () => {
    const control = fc
      .integer({ min: 0, max: 0x9f })
      .filter((c) => c !== 0x09 && c !== 0x0a && (c < 0x20 || c >= 0x7f))
      .map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(printable, fc.oneof(control, fc.constantFrom('\u2028', '\u2029')), fc.nat(), (m, c, at) => {
        const i = at % (m.length + 1);
        return shareMessageProblem(`${m.slice(0, i)}${c}${m.slice(i)}`) === 'control';
      }),
    );
  });
  it('refuses a message past the limit, and only then', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * MAX_SHARE_MESSAGE_LENGTH }), (n) => {
        return shareMessageProblem('a'.repeat(n)) === (n > MAX_SHARE_MESSAGE_LENGTH ? 'too-long' : undefined);
      }),
    );
  });
  it('keeps the examples', () => {
    expect(shareMessageProblem('Hi both!\nEnjoy.\t:)')).toBeUndefined();
    expect(shareMessageProblem('Hi\r\nBcc: x@evil.test')).toBe('control');
    expect(MAX_SHARE_MESSAGE_LENGTH).toBe(2_000);
  });
});
