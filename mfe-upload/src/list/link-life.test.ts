import { describe, expect, it } from 'vitest';
import { rowCanExtend, rowExtendedExpiry } from './link-life';

const DAY = 86_400_000;
const t0 = Date.UTC(2026, 10, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();

describe('a row’s link life', () => {
  it('extends like the link service: one day from the expiry, clamped to 30 days after the link was made', () => {
    const row = { uploadedAt: iso(t0 - 60_000), linkCreatedAt: iso(t0), expiresAt: iso(t0 + 7 * DAY) };
    expect(rowExtendedExpiry(row, t0 + DAY)).toBe(iso(t0 + 8 * DAY));
    expect(rowExtendedExpiry({ ...row, expiresAt: iso(t0 + 29.5 * DAY) }, t0 + DAY)).toBe(iso(t0 + 30 * DAY));
    expect(rowExtendedExpiry({ ...row, expiresAt: iso(t0 + 30 * DAY) }, t0 + DAY)).toBeUndefined();
    expect(rowCanExtend({ ...row, expiresAt: iso(t0 + 30 * DAY) }, t0 + DAY)).toBe(false);
  });

  it('without a link record counts from the drive upload time', () => {
    const row = { uploadedAt: iso(t0), expiresAt: iso(t0 + 30 * DAY - 1) };
    expect(rowExtendedExpiry(row, t0 + DAY)).toBe(iso(t0 + 30 * DAY));
  });
});
