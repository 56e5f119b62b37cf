import { formatCountdown } from '@ferry/rules';

/** The download page's expiry label in `language` ('6d 23h', '5h 7m', '4m 5s' in English); undefined once expired. */
export function timeLeftLabel(expiresAtMs: number, nowMs: number, language = 'en'): string | undefined {
  const left = expiresAtMs - nowMs;
  if (Math.floor(left / 1000) <= 0) return undefined;
  return formatCountdown(left, language, 'label');
}
