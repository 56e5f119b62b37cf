/** Spec §4 "Link life" and §9. */

const DAY_MS = 86_400_000;
export const DEFAULT_VALIDITY_DAYS = 7;
export const EXTENSION_DAYS = 1;
export const MIN_TTL_SECONDS = 60;

export type LinkState = 'active' | 'expired' | 'deleted';

export function defaultExpiry(now: Date): Date {
  return new Date(now.getTime() + DEFAULT_VALIDITY_DAYS * DAY_MS);
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

/** The latest expiry one extend call may set: the current expiry (or now, if later) plus one day. */
export function maxExtendedExpiry(currentExpiry: Date, now: Date): Date {
  const base = Math.max(currentExpiry.getTime(), now.getTime());
  return new Date(base + EXTENSION_DAYS * DAY_MS);
}
