import { describe, expect, it } from 'vitest';
import { isolate, sizeLabel } from './format';

describe('sizeLabel (spec §5)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1.234, '1.23 KB'],
    [5 * 1024 ** 2, '5 MB'],
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
    expect(sizeLabel(12.34 * 1024 ** 2, 'fr')).toBe('12,3 MB');
    expect(sizeLabel(1.25 * 1024 ** 3, 'nl')).toBe('1,25 GB');
    expect(sizeLabel(5000, 'not a language')).toBe('4.88 KB');
  });

  it('just under 1024 B rounds up to 1 KB', () => {
    expect(sizeLabel(1023.6)).toBe('1 KB');
    expect(sizeLabel(1023.4)).toBe('1023 B');
  });

  it('is empty for sizes that are not sizes', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(sizeLabel(bad)).toBe('');
  });
});

describe('isolate', () => {
  it('wraps a value in first-strong isolate and pop directional isolate', () => {
    expect(isolate('15.00 GB')).toBe('\u206815.00 GB\u2069');
  });
});
