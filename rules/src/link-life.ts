/**
 * Link life (spec §4, §9): a link is valid 7 days after the upload, each extend adds one day, and
 * no extend may carry it past 30 days after the upload. Times are epoch milliseconds.
 */

export const DAY_MS = 86_400_000;
export const DEFAULT_VALIDITY_DAYS = 7;
export const EXTENSION_DAYS = 1;
export const MAX_LINK_LIFE_DAYS = 30;

/** What the extend rule needs to know about a link. */
export interface LinkLife {
  /** When the link was made (the upload). */
  createdAtMs: number;
  /** When it expires now. */
  expiresAtMs: number;
}

/** The latest moment a link may ever expire: 30 days after its upload. */
export function lifeCap(createdAtMs: number): number {
  return createdAtMs + MAX_LINK_LIFE_DAYS * DAY_MS;
}

/** Whether one more extend would give the link more time: it is still active and below the cap. */
export function canExtend(life: LinkLife, nowMs: number): boolean {
  return nowMs < life.expiresAtMs && life.expiresAtMs < lifeCap(life.createdAtMs);
}

/**
 * The expiry after one extend: the current expiry (or now, if later) plus one day, clamped to the
 * cap, so the last extend may add only part of a day. Undefined when the link cannot be extended.
 */
export function extendedExpiry(life: LinkLife, nowMs: number): number | undefined {
  if (!canExtend(life, nowMs)) return undefined;
  const base = Math.max(life.expiresAtMs, nowMs);
  return Math.min(base + EXTENSION_DAYS * DAY_MS, lifeCap(life.createdAtMs));
}
