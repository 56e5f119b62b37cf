import { backoffDelay } from '@ferry/rules';
import type { DueRowsQuery } from '@ferry/service-kit';

// What the relays to the notification service share: timings, retry delay, and how they lease queued rows.

/** Timings of a relay (tests shorten them). */
export interface RelayTimings {
  /** Poll period when idle. */
  intervalMs?: number;
  /** Per-call deadline. */
  deadlineMs?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
}

/** The timings with their defaults: 5 s deadline, retries 1 s doubling to 5 min; the idle period is each relay's own. */
export function relayTimings(opts: RelayTimings, defaultIntervalMs: number): Required<RelayTimings> {
  return {
    intervalMs: opts.intervalMs ?? defaultIntervalMs,
    deadlineMs: opts.deadlineMs ?? 5_000,
    baseBackoffMs: opts.baseBackoffMs ?? 1_000,
    maxBackoffMs: opts.maxBackoffMs ?? 300_000,
    now: opts.now ?? (() => new Date()),
  };
}

/** How long a row waits after its `attempts`-th failed call. */
export function relayRetryDelay(timings: Required<RelayTimings>, attempts: number): number {
  return backoffDelay(attempts - 1, { baseMs: timings.baseBackoffMs, maxMs: timings.maxBackoffMs });
}

/** While a row is being relayed, other replicas leave it alone for this long. */
export const RELAY_LEASE_MS = 30_000;

/** A relay's queue table (relayed_at, next_attempt_at): unrelayed rows whose next attempt is due, oldest first, 50 a page. */
export function relayQueueLease(table: string, key: string, returning: string): DueRowsQuery {
  return {
    table,
    key,
    leaseColumn: 'next_attempt_at',
    due: 'relayed_at IS NULL AND next_attempt_at <= $1',
    orderBy: 'next_attempt_at',
    page: 50,
    returning,
  };
}
