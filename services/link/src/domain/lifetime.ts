/** Spec §4 "Link life" and §9; the extend rule and its 30-day cap are @ferry/rules' link-life. */

import { type ChosenExpiryProblem, chosenExpiry, DAY_MS, DEFAULT_VALIDITY_DAYS, extendedExpiry } from '@ferry/rules';

export const MIN_TTL_SECONDS = 60;

export type LinkState = 'active' | 'expired' | 'deleted';

/** A new link's expiry: `lifetimeMs` from now (7 days unless the service is configured otherwise). */
export function defaultExpiry(now: Date, lifetimeMs = DEFAULT_VALIDITY_DAYS * DAY_MS): Date {
  return new Date(now.getTime() + lifetimeMs);
}

/**
 * A new link's expiry (issue 21): the one the sender chose at upload, checked and clamped by the
 * shared rule (after now, not past the 30-day cap), else the default. A configured lifetime
 * (LINK_LIFETIME_S, to watch expiry locally) is a ceiling over both.
 */
export function newLinkExpiry(
  now: Date,
  requested: Date | undefined,
  configuredLifetimeMs?: number,
): { ok: true; expiresAt: Date } | { ok: false; problem: ChosenExpiryProblem } {
  let expiresAtMs = defaultExpiry(now).getTime();
  if (requested) {
    const chosen = chosenExpiry(now.getTime(), requested.getTime());
    if (!chosen.ok) return chosen;
    expiresAtMs = chosen.expiresAtMs;
  }
  if (configuredLifetimeMs !== undefined) expiresAtMs = Math.min(expiresAtMs, now.getTime() + configuredLifetimeMs);
  return { ok: true, expiresAt: new Date(expiresAtMs) };
}

/** A link stops being active the moment it expires; deletion wins over expiry. */
export function linkState(link: { expiresAt: Date; deletedAt: Date | null }, now: Date): LinkState {
  if (link.deletedAt) return 'deleted';
  return now.getTime() < link.expiresAt.getTime() ? 'active' : 'expired';
}

/** Seconds until expiry for a shortlink, never under 60 (§5). */
export function ttlSeconds(expiresAt: Date, now: Date): number {
  return Math.max(MIN_TTL_SECONDS, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
}

/**
 * The latest expiry one extend call may set: the current expiry (or now, if later) plus one day,
 * never past 30 days after the upload; undefined when the link is already at that cap.
 */
export function maxExtendedExpiry(link: { createdAt: Date; expiresAt: Date }, now: Date): Date | undefined {
  const next = extendedExpiry(
    { createdAtMs: link.createdAt.getTime(), expiresAtMs: link.expiresAt.getTime() },
    now.getTime(),
  );
  return next === undefined ? undefined : new Date(next);
}
