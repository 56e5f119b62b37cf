/**
 * Link life (spec §4, §9; issue 21): a link is valid 7 days after the upload unless the sender chose
 * 1, 3 or 14 days, each extend adds one day, and nothing may carry it past 30 days after the upload.
 * Times are epoch milliseconds.
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

/** The lifetimes a sender may pick at upload, in days; DEFAULT_VALIDITY_DAYS is one of them. */
export const EXPIRY_CHOICES_DAYS = [1, 3, DEFAULT_VALIDITY_DAYS, 14] as const;
export type ExpiryChoiceDays = (typeof EXPIRY_CHOICES_DAYS)[number];

export function isExpiryChoice(days: unknown): days is ExpiryChoiceDays {
  return EXPIRY_CHOICES_DAYS.some((d) => d === days);
}

/**
 * How far past the cap an asked-for expiry is forgiven (and clamped to the cap): the sender's clock
 * may run a little ahead of the service's. Anything further is refused.
 */
export const EXPIRY_CLOCK_SKEW_MS = 5 * 60_000;

/** Why an asked-for expiry is refused; also the HTTP error `code` the gateway answers 400 with. */
export type ChosenExpiryProblem = 'expiry_in_past' | 'expiry_past_cap';

export type ChosenExpiry = { ok: true; expiresAtMs: number } | { ok: false; problem: ChosenExpiryProblem };

/**
 * The expiry of a link made at `createdAtMs` when the sender asked for `requestedMs`: it must lie
 * after that moment and not past the cap (30 days). Within EXPIRY_CLOCK_SKEW_MS past the cap it is
 * clamped to the cap.
 */
export function chosenExpiry(createdAtMs: number, requestedMs: number): ChosenExpiry {
  if (!Number.isFinite(requestedMs) || requestedMs <= createdAtMs) return { ok: false, problem: 'expiry_in_past' };
  const cap = lifeCap(createdAtMs);
  if (requestedMs > cap + EXPIRY_CLOCK_SKEW_MS) return { ok: false, problem: 'expiry_past_cap' };
  return { ok: true, expiresAtMs: Math.min(requestedMs, cap) };
}
