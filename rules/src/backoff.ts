/**
 * Exponential backoff, the one formula every retry loop uses: the delay before retry `attempt`
 * (0 for the first retry) is `baseMs · 2^attempt`, capped at `maxMs`, then scaled by a jitter
 * factor drawn uniformly from `[jitter.min, jitter.max]`, in whole milliseconds.
 */
export interface Jitter {
  /** Smallest factor, e.g. 0.75 for −25 %. */
  min: number;
  /** Largest factor, e.g. 1.25 for +25 %. */
  max: number;
}

export interface BackoffOptions {
  /** The delay before the first retry. */
  baseMs: number;
  /** Cap of the doubled delay, applied before the jitter; no cap when omitted. */
  maxMs?: number;
  /** Spread of the delay; none when omitted. */
  jitter?: Jitter;
  /** A draw in [0, 1) for the jitter; Math.random when omitted. */
  random?: () => number;
}

/** Past 2^52 a double no longer counts in ones; the cap has long been reached by then. */
const MAX_EXPONENT = 52;

/** Milliseconds to wait before retry `attempt` (0-based; negative or NaN counts as 0). */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const exponent = Number.isNaN(attempt) ? 0 : Math.min(MAX_EXPONENT, Math.max(0, Math.floor(attempt)));
  const plain = Math.min(options.maxMs ?? Number.POSITIVE_INFINITY, options.baseMs * 2 ** exponent);
  const { jitter } = options;
  const factor = jitter ? jitter.min + (jitter.max - jitter.min) * (options.random ?? Math.random)() : 1;
  return Math.round(plain * factor);
}

/** The backoff delay, or the server's Retry-After (milliseconds) when that asks for longer. */
export function retryDelay(attempt: number, options: BackoffOptions, retryAfterMs?: number): number {
  return Math.max(backoffDelay(attempt, options), Math.round(retryAfterMs ?? 0));
}
