import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLineBreakOrControl } from './one-line.js';

const control = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }), fc.constantFrom(0x2028, 0x2029))
  .map((c) => String.fromCharCode(c));

describe('hasLineBreakOrControl', () => {
  it('finds a control character wherever it stands', () => {
    fc.assert(
      fc.property(fc.webUrl(), control, fc.nat(), (url, c, at) => {
        const i = at % (url.length + 1);
        return hasLineBreakOrControl(`${url.slice(0, i)}${c}${url.slice(i)}`);
      }),
    );
  });
  it('passes every URL and printable text', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => !hasLineBreakOrControl(url)),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (s) => !hasLineBreakOrControl(s),
      ),
    );
  });
  it('keeps the examples', () => {
    for (const bad of ['a\nb', 'a\r', '\tx', 'x\u0085', 'x\u2028', '\u0000'])
      expect(hasLineBreakOrControl(bad), JSON.stringify(bad)).toBe(true);
    for (const ok of ['https://ferry.example/r/AbCdEfGh12', 'Holiday <photos>.zip', 'Ünïcödé naam.pdf', ''])
      expect(hasLineBreakOrControl(ok), ok).toBe(false);
  });
});
