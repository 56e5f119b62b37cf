import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryDelay, type BackoffOptions } from './backoff.js';

const attempt = fc.integer({ min: 0, max: 2_000 });
const draw = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const base = fc.integer({ min: 1, max: 60_000 });
const capped = fc.record({ baseMs: base, maxMs: fc.integer({ min: 1, max: 3_600_000 }) });
const jitter = fc
  .tuple(fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }))
  .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));

describe('backoffDelay', () => {
  it('starts at the base and doubles per attempt while under the cap', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: 20 }), (baseMs, n) => {
        expect(backoffDelay(0, { baseMs })).toBe(baseMs);
        expect(backoffDelay(n + 1, { baseMs })).toBe(2 * backoffDelay(n, { baseMs }));
      }),
    );
  });

  it('never decreases with the attempt and never passes the cap', () => {
    fc.assert(
      fc.property(capped, attempt, (options, n) => {
        const here = backoffDelay(n, options);
        expect(here).toBeLessThanOrEqual(backoffDelay(n + 1, options));
        expect(here).toBeLessThanOrEqual(options.maxMs);
        expect(here).toBe(Math.min(options.maxMs, here));
      }),
    );
  });

  it('reaches the cap and stays there, however many attempts', () => {
    fc.assert(
      fc.property(
        capped,
        fc.integer({ min: 60, max: Number.MAX_SAFE_INTEGER }),
        (options, n) => backoffDelay(n, options) === options.maxMs,
      ),
    );
    expect(backoffDelay(Number.POSITIVE_INFINITY, { baseMs: 100, maxMs: 5_000 })).toBe(5_000);
  });

  it('keeps a jittered delay within the factors of the capped delay, in whole milliseconds', () => {
    fc.assert(
      fc.property(capped, jitter, attempt, draw, (options, spread, n, r) => {
        const plain = backoffDelay(n, options);
        const delay = backoffDelay(n, { ...options, jitter: spread, random: () => r });
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(Math.round(plain * spread.min));
        expect(delay).toBeLessThanOrEqual(Math.round(plain * spread.max));
      }),
    );
  });

  it('spreads by the draw: the lowest draw gives the smallest factor, the middle one the mean', () => {
    const options: BackoffOptions = { baseMs: 500, maxMs: 16_000, jitter: { min: 0.8, max: 1.2 } };
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(3_200);
    expect(backoffDelay(3, { ...options, random: () => 0.5 })).toBe(4_000);
    expect(backoffDelay(10, { ...options, random: () => 0.5 })).toBe(16_000);
  });

  it('treats a negative, fractional or NaN attempt as the nearest whole attempt at or below it, at least 0', () => {
    fc.assert(
      fc.property(
        capped,
        fc.double({ min: -1e6, max: 0, noNaN: true }),
        (options, n) => backoffDelay(n, options) === options.baseMs || backoffDelay(n, options) === options.maxMs,
      ),
    );
    expect(backoffDelay(Number.NaN, { baseMs: 250 })).toBe(250);
    expect(backoffDelay(2.9, { baseMs: 250 })).toBe(1_000);
  });

  it('is finite even without a cap', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (baseMs, n) =>
        Number.isFinite(backoffDelay(n, { baseMs })),
      ),
    );
  });
});

describe('retryDelay', () => {
  it('is the longer of the backoff and the Retry-After', () => {
    fc.assert(
      fc.property(
        capped,
        attempt,
        fc.option(fc.integer({ min: 0, max: 86_400_000 }), { nil: undefined }),
        (options, n, after) => {
          expect(retryDelay(n, options, after)).toBe(Math.max(backoffDelay(n, options), after ?? 0));
        },
      ),
    );
  });
});
