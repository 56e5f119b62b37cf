import { describe, expect, it } from 'vitest';
import { timeLeftLabel } from './format';

describe('timeLeftLabel', () => {
  const now = 1_000_000_000_000;
  it('shows days and hours, hours and minutes, then minutes and seconds', () => {
    expect(timeLeftLabel(now + (6 * 86_400 + 23 * 3_600 + 59 * 60) * 1000, now)).toBe('6d 23h');
    expect(timeLeftLabel(now + (5 * 3_600 + 7 * 60 + 30) * 1000, now)).toBe('5h 7m');
    expect(timeLeftLabel(now + (4 * 60 + 5) * 1000, now)).toBe('4m 5s');
  });
  it('is written in the page language', () => {
    expect(timeLeftLabel(now + (6 * 86_400 + 23 * 3_600) * 1000, now, 'ja')).toBe('6日23時間');
  });
  it('is undefined once expired', () => {
    expect(timeLeftLabel(now, now)).toBeUndefined();
    expect(timeLeftLabel(now - 1, now)).toBeUndefined();
  });
});
