import { sizeLabel as ruleSizeLabel } from '@ferry/rules';
import { describe, expect, it } from 'vitest';
import { isolate, sizeLabel } from './format';

describe('sizeLabel', () => {
  it('is the rule of @ferry/rules', () => {
    expect(sizeLabel).toBe(ruleSizeLabel);
    expect(sizeLabel(12.34 * 1024 ** 2, 'fr')).toBe('12,3 Mo');
  });
});

describe('isolate', () => {
  it('wraps a value in first-strong isolate and pop directional isolate', () => {
    expect(isolate('15.00 GB')).toBe('\u206815.00 GB\u2069');
  });
});
