import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canExtend,
  chosenExpiry,
  DAY_MS,
  DEFAULT_VALIDITY_DAYS,
  EXPIRY_CHOICES_DAYS,
  EXPIRY_CLOCK_SKEW_MS,
  extendedExpiry,
  isExpiryChoice,
  lifeCap,
  MAX_LINK_LIFE_DAYS,
  type LinkLife,
} from './link-life.js';

const T0 = Date.UTC(2026, 0, 1);
const createdAt = fc.integer({ min: T0, max: T0 + 3650 * DAY_MS });
/** A link at some point of its life: expiry and now anywhere from the upload to well past the cap. */
const moment = createdAt.chain((c) =>
  fc.record({
    life: fc.record({ createdAtMs: fc.constant(c), expiresAtMs: fc.integer({ min: c, max: c + 40 * DAY_MS }) }),
    now: fc.integer({ min: c, max: c + 40 * DAY_MS }),
  }),
);

describe('lifeCap', () => {
  it('is 30 days after the upload', () => {
    fc.assert(fc.property(createdAt, (c) => lifeCap(c) - c === MAX_LINK_LIFE_DAYS * DAY_MS));
  });
});

describe('extendedExpiry', () => {
  it('is defined exactly when canExtend says so', () => {
    fc.assert(
      fc.property(moment, ({ life, now }) => (extendedExpiry(life, now) !== undefined) === canExtend(life, now)),
    );
  });

  it('never passes the cap and always gives more time than the link has', () => {
    fc.assert(
      fc.property(moment, ({ life, now }) => {
        const next = extendedExpiry(life, now);
        if (next === undefined) return true;
        return next <= lifeCap(life.createdAtMs) && next > life.expiresAtMs && next > now;
      }),
    );
  });

  it('adds one day to the later of expiry and now, unless the cap is closer', () => {
    fc.assert(
      fc.property(moment, ({ life, now }) => {
        const next = extendedExpiry(life, now);
        if (next === undefined) return true;
        const base = Math.max(life.expiresAtMs, now);
        return base + DAY_MS <= lifeCap(life.createdAtMs) ? next === base + DAY_MS : next === lifeCap(life.createdAtMs);
      }),
    );
  });

  it('refuses expired links and links at or past the cap', () => {
    fc.assert(
      fc.property(moment, ({ life, now }) => {
        if (now >= life.expiresAtMs || life.expiresAtMs >= lifeCap(life.createdAtMs))
          return extendedExpiry(life, now) === undefined;
        return extendedExpiry(life, now) !== undefined;
      }),
    );
  });

  it('extending again and again from the upload ends exactly at the cap, after 23 extends', () => {
    fc.assert(
      fc.property(createdAt, fc.integer({ min: 0, max: DAY_MS - 1 }), (c, offset) => {
        // The upload happened `offset` ms into the day; the user extends right away, every time.
        const now = c + offset;
        let life: LinkLife = { createdAtMs: c, expiresAtMs: c + DEFAULT_VALIDITY_DAYS * DAY_MS };
        let extends_ = 0;
        for (let next = extendedExpiry(life, now); next !== undefined; next = extendedExpiry(life, now)) {
          life = { ...life, expiresAtMs: next };
          extends_++;
        }
        return life.expiresAtMs === lifeCap(c) && extends_ === MAX_LINK_LIFE_DAYS - DEFAULT_VALIDITY_DAYS;
      }),
    );
  });

  it('clamps the last partial day', () => {
    const life = { createdAtMs: T0, expiresAtMs: lifeCap(T0) - 6 * 3_600_000 };
    expect(extendedExpiry(life, T0 + DAY_MS)).toBe(lifeCap(T0));
    expect(canExtend({ ...life, expiresAtMs: lifeCap(T0) }, T0 + DAY_MS)).toBe(false);
  });

  it('an expired link cannot be extended; an active one counts from its expiry', () => {
    const life = { createdAtMs: T0, expiresAtMs: T0 + 7 * DAY_MS };
    expect(extendedExpiry(life, T0 + 7 * DAY_MS)).toBeUndefined();
    expect(extendedExpiry(life, T0 + 7 * DAY_MS - 1)).toBe(T0 + 8 * DAY_MS);
  });
});

describe('expiry chosen at upload', () => {
  it('offers 1, 3, 7 and 14 days, 7 being the default, all within the cap', () => {
    expect([...EXPIRY_CHOICES_DAYS]).toEqual([1, 3, 7, 14]);
    expect(isExpiryChoice(DEFAULT_VALIDITY_DAYS)).toBe(true);
    for (const d of EXPIRY_CHOICES_DAYS) expect(d).toBeLessThanOrEqual(MAX_LINK_LIFE_DAYS);
    for (const v of [0, 2, 30, '7', 7.5, null, undefined]) expect(isExpiryChoice(v)).toBe(false);
  });

  it('keeps every choice as asked', () => {
    for (const d of EXPIRY_CHOICES_DAYS)
      expect(chosenExpiry(T0, T0 + d * DAY_MS)).toEqual({ ok: true, expiresAtMs: T0 + d * DAY_MS });
  });

  it('refuses an expiry at or before the moment the link is made', () => {
    expect(chosenExpiry(T0, T0)).toEqual({ ok: false, problem: 'expiry_in_past' });
    expect(chosenExpiry(T0, T0 - 1)).toEqual({ ok: false, problem: 'expiry_in_past' });
    expect(chosenExpiry(T0, Number.NaN)).toEqual({ ok: false, problem: 'expiry_in_past' });
    expect(chosenExpiry(T0, T0 + 1)).toEqual({ ok: true, expiresAtMs: T0 + 1 });
  });

  it('clamps a sender clock a little ahead to the cap, and refuses more', () => {
    const cap = lifeCap(T0);
    expect(chosenExpiry(T0, cap)).toEqual({ ok: true, expiresAtMs: cap });
    expect(chosenExpiry(T0, cap + EXPIRY_CLOCK_SKEW_MS)).toEqual({ ok: true, expiresAtMs: cap });
    expect(chosenExpiry(T0, cap + EXPIRY_CLOCK_SKEW_MS + 1)).toEqual({ ok: false, problem: 'expiry_past_cap' });
  });

  it('never gives an expiry outside (made, cap]', () => {
    fc.assert(
      fc.property(createdAt, fc.integer({ min: -DAY_MS, max: 40 * DAY_MS }), (c, offset) => {
        const r = chosenExpiry(c, c + offset);
        return r.ok ? r.expiresAtMs > c && r.expiresAtMs <= lifeCap(c) : offset <= 0 || offset > 30 * DAY_MS;
      }),
    );
  });
});
