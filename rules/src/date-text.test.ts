import { describe, expect, it } from 'vitest';
import { formatDate } from './date-text.js';

const FIRST = Date.UTC(2026, 4, 1, 14, 0);
const SECOND = Date.UTC(2026, 4, 2, 14, 0);
const utc = { timeZone: 'UTC' } as const;

describe('formatDate', () => {
  it('writes the first of the month as «1er» in French', () => {
    expect(formatDate(FIRST, 'fr', { dateStyle: 'long', ...utc })).toBe('1er mai 2026');
    expect(formatDate(FIRST, 'fr-CA', { dateStyle: 'long', ...utc })).toBe('1er mai 2026');
    expect(formatDate(FIRST, 'fr', { dateStyle: 'medium', timeStyle: 'short', ...utc })).toBe('1er mai 2026, 14:00');
  });
  it('leaves other days, numeric dates and other languages alone', () => {
    expect(formatDate(SECOND, 'fr', { dateStyle: 'long', ...utc })).toBe('2 mai 2026');
    expect(formatDate(FIRST, 'fr', { dateStyle: 'short', ...utc })).toBe('01/05/2026');
    expect(formatDate(FIRST, 'en-GB', { dateStyle: 'long', ...utc })).toBe('1 May 2026');
    expect(formatDate(FIRST, 'de', { dateStyle: 'long', ...utc })).toBe('1. Mai 2026');
  });
});
