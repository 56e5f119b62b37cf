import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages.js';
import { sizeLabel, sizeUnits } from './size-label.js';

const size = fc.oneof(fc.nat(), fc.double({ min: 0, max: 2 ** 60, noNaN: true }));
const language = fc.constantFrom(...SUPPORTED_LANGUAGES);

/** Reads an English label back into bytes. */
function bytesOf(label: string): number {
  const [number, unit] = label.split(' ');
  return Number(number) * 1024 ** sizeUnits('en').indexOf(unit!);
}

describe('sizeLabel (spec §5)', () => {
  it('is within rounding of the size: at most 0.5% off above 1 KB, half a byte below', () => {
    fc.assert(
      fc.property(size, (bytes) => {
        const back = bytesOf(sizeLabel(bytes));
        return bytes < 1024 ? Math.abs(back - bytes) <= 0.5 : Math.abs(back - bytes) / bytes <= 0.005;
      }),
    );
  });
  it('never shows 1024 or more of a unit below PB, and at most three significant figures', () => {
    fc.assert(
      fc.property(size, (bytes) => {
        const [number, unit] = sizeLabel(bytes).split(' ');
        const digits = number!.replace('.', '').replace(/^0+/, '');
        return (
          (unit === 'B' || unit === 'PB' || Number(number) < 1024) &&
          (unit === 'B' || Number(number) >= 1000 || digits.length <= 3)
        );
      }),
    );
  });
  it('grows with the size', () => {
    fc.assert(
      fc.property(size, size, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return bytesOf(sizeLabel(lo)) <= bytesOf(sizeLabel(hi));
      }),
    );
  });
  it('in every language is one number without grouping, a space, and one of its six units', () => {
    fc.assert(
      fc.property(size, language, (bytes, lang) => {
        const parts = sizeLabel(bytes, lang).split(' ');
        return parts.length === 2 && sizeUnits(lang).includes(parts[1]!);
      }),
    );
  });

  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1.234, '1.23 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [5368709, '5.12 MB'],
    [12 * 1024 ** 2, '12 MB'],
    [12.34 * 1024 ** 2, '12.3 MB'],
    [123.4 * 1024 ** 2, '123 MB'],
    [1023.9 * 1024 ** 2, '1 GB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [2.5 * 1024 ** 3, '2.5 GB'],
    [200 * 1024 ** 4, '200 TB'],
    [3 * 1024 ** 4, '3 TB'],
    [2 * 1024 ** 5, '2 PB'],
    [4096 * 1024 ** 5, '4096 PB'],
  ])('%d bytes → %s', (bytes, label) => expect(sizeLabel(bytes)).toBe(label));

  it('writes the number the way the language does', () => {
    expect(sizeLabel(1536, 'de')).toBe('1,5 KB');
    expect(sizeLabel(5368709, 'de')).toBe('5,12 MB');
    expect(sizeLabel(1.25 * 1024 ** 3, 'nl')).toBe('1,25 GB');
    expect(sizeLabel(5000, 'not a language')).toBe('4.88 KB');
  });
  it('writes French units in octets', () => {
    expect(sizeLabel(12.34 * 1024 ** 2, 'fr')).toBe('12,3 Mo');
    expect(sizeLabel(1023, 'fr')).toBe('1023 o');
    expect(sizeLabel(1536, 'fr-CA')).toBe('1,5 ko');
    expect(sizeLabel(1.25 * 1024 ** 3, 'fr')).toBe('1,25 Go');
    expect(sizeLabel(3 * 1024 ** 4, 'FR')).toBe('3 To');
  });
  it('writes Ukrainian units in Cyrillic', () => {
    expect(sizeLabel(1.5 * 1024 ** 3, 'uk')).toBe('1,5 ГБ');
    expect(sizeLabel(12.34 * 1024 ** 2, 'uk')).toBe('12,3 МБ');
    expect(sizeLabel(1536, 'uk')).toBe('1,5 КБ');
    expect(sizeLabel(100, 'uk')).toBe('100 Б');
  });
  it('just under 1024 B rounds up to 1 KB', () => {
    expect(sizeLabel(1023.6)).toBe('1 KB');
    expect(sizeLabel(1023.4)).toBe('1023 B');
  });
  it('is empty for sizes that are not sizes', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(sizeLabel(bad)).toBe('');
  });
});
