import { describe, expect, it } from 'vitest';
import { defaultExpiry, linkState, maxExtendedExpiry, newLinkExpiry, ttlSeconds } from './lifetime.js';

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

  describe('newLinkExpiry', () => {
    const DAY = 86_400_000;
    const at = (ms: number) => new Date(now.getTime() + ms);
    it('keeps the chosen expiry, 7 days without one', () => {
      expect(newLinkExpiry(now, at(3 * DAY))).toEqual({ ok: true, expiresAt: at(3 * DAY) });
      expect(newLinkExpiry(now, at(14 * DAY))).toEqual({ ok: true, expiresAt: at(14 * DAY) });
      expect(newLinkExpiry(now, undefined)).toEqual({ ok: true, expiresAt: at(7 * DAY) });
    });
    it('refuses one in the past or past the 30-day cap, clamps a clock a little ahead', () => {
      expect(newLinkExpiry(now, at(-1))).toEqual({ ok: false, problem: 'expiry_in_past' });
      expect(newLinkExpiry(now, now)).toEqual({ ok: false, problem: 'expiry_in_past' });
      expect(newLinkExpiry(now, at(31 * DAY))).toEqual({ ok: false, problem: 'expiry_past_cap' });
      expect(newLinkExpiry(now, at(30 * DAY + 60_000))).toEqual({ ok: true, expiresAt: at(30 * DAY) });
    });
    it('a configured lifetime is a ceiling over the choice and the default', () => {
      expect(newLinkExpiry(now, at(14 * DAY), 60_000)).toEqual({ ok: true, expiresAt: at(60_000) });
      expect(newLinkExpiry(now, undefined, 60_000)).toEqual({ ok: true, expiresAt: at(60_000) });
      expect(newLinkExpiry(now, at(30_000), 60_000)).toEqual({ ok: true, expiresAt: at(30_000) });
    });
  });
});
