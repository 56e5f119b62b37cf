import { describe, expect, it } from 'vitest';
import { defaultExpiry, linkState, maxExtendedExpiry, ttlSeconds } from './lifetime.js';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('link lifetime', () => {
  it('defaults to 7 days', () => expect(defaultExpiry(now).toISOString()).toBe('2026-11-29T12:00:00.000Z'));

  it('is active until the exact expiry instant', () => {
    expect(linkState({ expiresAt: new Date(now.getTime() + 1), deletedAt: null }, now)).toBe('active');
    expect(linkState({ expiresAt: now, deletedAt: null }, now)).toBe('expired');
  });

  it('reports deletion before expiry', () => {
    expect(linkState({ expiresAt: new Date(now.getTime() + 1000), deletedAt: now }, now)).toBe('deleted');
  });

  it('gives shortlinks at least 60 seconds', () => {
    expect(ttlSeconds(new Date(now.getTime() + 5_000), now)).toBe(60);
    expect(ttlSeconds(new Date(now.getTime() + 3_600_500), now)).toBe(3601);
  });

  it('extends by one day from the expiry, up to 30 days after the upload', () => {
    const createdAt = new Date('2026-11-20T12:00:00.000Z');
    expect(maxExtendedExpiry({ createdAt, expiresAt: new Date('2026-11-25T00:00:00.000Z') }, now)?.toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
    expect(maxExtendedExpiry({ createdAt, expiresAt: new Date('2026-12-20T00:00:00.000Z') }, now)?.toISOString()).toBe(
      '2026-12-20T12:00:00.000Z',
    );
    expect(maxExtendedExpiry({ createdAt, expiresAt: new Date('2026-12-20T12:00:00.000Z') }, now)).toBeUndefined();
  });
});
