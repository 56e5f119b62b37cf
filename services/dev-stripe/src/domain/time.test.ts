import { describe, expect, it } from 'vitest';
import { addIntervals } from './time.js';

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) / 1000;

describe('addIntervals', () => {
  it('keeps the day and time of the anchor', () => {
    expect(addIntervals(utc(2027, 1, 15, 13), 'month', 1)).toBe(utc(2027, 2, 15, 13));
    expect(addIntervals(utc(2027, 1, 15), 'year', 1)).toBe(utc(2028, 1, 15));
    expect(addIntervals(utc(2027, 11, 15), 'month', 3)).toBe(utc(2028, 2, 15));
  });

  it('clamps to the last day of shorter months, from the anchor (not from the previous period)', () => {
    expect(addIntervals(utc(2027, 1, 31), 'month', 1)).toBe(utc(2027, 2, 28));
    expect(addIntervals(utc(2027, 1, 31), 'month', 2)).toBe(utc(2027, 3, 31));
    expect(addIntervals(utc(2028, 1, 31), 'month', 1)).toBe(utc(2028, 2, 29));
    expect(addIntervals(utc(2028, 2, 29), 'year', 1)).toBe(utc(2029, 2, 28));
  });

  it('counts days and weeks in seconds', () => {
    expect(addIntervals(utc(2027, 1, 1), 'day', 90)).toBe(utc(2027, 4, 1));
    expect(addIntervals(utc(2027, 1, 1), 'week', 2)).toBe(utc(2027, 1, 15));
  });
});
