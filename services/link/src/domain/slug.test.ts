import { describe, expect, it } from 'vitest';
import { isSlug as isValidShortId } from '@ferry/rules';
import { newSlug, SLUG_LENGTH } from './slug.js';

describe('newSlug', () => {
  it('gives 11 URL-safe characters that are valid short ids', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const slug = newSlug();
      expect(slug).toHaveLength(SLUG_LENGTH);
      expect(isValidShortId(slug)).toBe(true);
      seen.add(slug);
    }
    expect(seen.size).toBe(2000);
  });

  it('uses 8 random bytes (64 bits)', () => {
    const sizes: number[] = [];
    newSlug((n) => {
      sizes.push(n);
      return Buffer.alloc(n, 7);
    });
    expect(sizes).toEqual([8]);
  });
});
