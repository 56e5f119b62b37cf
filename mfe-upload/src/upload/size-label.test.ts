// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GiB, MiB } from './constants';
import { formatFreeSpace, formatPercent, formatSize, formatSpeed } from './size-label';

describe('size labels in the language', () => {
  it('writes French units in octets', () => {
    expect(formatSize(12 * MiB, 'fr')).toBe('12 Mo');
    expect(formatSpeed(1.5 * MiB, 'fr')).toBe('1,5 Mo/s');
    expect(formatFreeSpace(1.234 * GiB, 'fr')).toBe('1,23 Go');
  });
  it('writes Ukrainian units and speed in Cyrillic', () => {
    expect(formatSize(12 * MiB, 'uk')).toBe('12 МБ');
    expect(formatSpeed(1.5 * MiB, 'uk')).toBe('1,5 МБ/с');
    expect(formatFreeSpace(1.234 * GiB, 'uk')).toBe('1,23 ГБ');
  });
  it('keeps B, KB, MB, GB elsewhere', () => {
    expect(formatSpeed(1.5 * MiB, 'de')).toBe('1,5 MB/s');
    expect(formatFreeSpace(15 * GiB, 'nl')).toBe('15,00 GB');
  });
});

describe('formatPercent', () => {
  it('writes the sign where each language writes it', () => {
    expect(formatPercent(45, 'en')).toBe('45%');
    expect(formatPercent(45, 'de')).toBe('45\u00a0%');
    expect(formatPercent(45, 'fr')).toBe('45\u00a0%');
    expect(formatPercent(45, 'tr')).toBe('%45');
    expect(formatPercent(99.6, 'en')).toBe('100%');
  });
});
