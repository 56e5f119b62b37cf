/** Outbox rules: one idempotency key per mail, retries with capped exponential backoff. */
import { backoffDelay } from '@ferry/rules';

export function shareIdempotencyKey(
  shareRequestId: string,
  kind: 'receiver' | 'uploader-copy',
  recipient: string,
): string {
  return `share/${shareRequestId}/${kind}/${recipient.trim().toLowerCase()}`;
}

export function firstDownloadIdempotencyKey(linkId: string): string {
  return `first-download/${linkId}`;
}

export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 30 * 60_000;

/** When to try again after `attempts` failed sends: 5 s, 10 s, 20 s, … capped at 30 minutes (both configurable). */
export function nextAttemptAt(attempts: number, now: Date, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): Date {
  return new Date(now.getTime() + backoffDelay(attempts - 1, { baseMs, maxMs }));
}

/** A first-download idempotency key names its link: `first-download/<linkId>`. */
export function isFirstDownloadKey(key: string, linkId: string): boolean {
  return linkId !== '' && key === firstDownloadIdempotencyKey(linkId);
}
