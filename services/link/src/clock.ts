import { DAY_MS } from '@ferry/rules';

/** The furthest the test clock may run ahead of the wall clock. */
export const MAX_CLOCK_OFFSET_MS = 366 * DAY_MS;

/**
 * The link service's "now" for its handlers: the time links are made, expire and count their
 * downloads at. It is the wall clock, ahead by an offset that only the test clock
 * (LINK_TEST_CLOCK=1, src/test-clock/) ever sets. The background loops (outbox relay, sweeper)
 * keep the wall clock, so their leases and backoffs never jump with it.
 */
export interface LinkClock {
  now(): Date;
  /** Sets the offset (0 to MAX_CLOCK_OFFSET_MS); answers the new now. */
  setOffset(ms: number): Date;
}

export function createLinkClock(wallNow: () => Date = () => new Date()): LinkClock {
  let offsetMs = 0;
  const now = () => new Date(wallNow().getTime() + offsetMs);
  return {
    now,
    setOffset(ms) {
      if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_CLOCK_OFFSET_MS)
        throw new RangeError(`clock offset must be 0 to ${MAX_CLOCK_OFFSET_MS} ms`);
      offsetMs = ms;
      return now();
    },
  };
}
