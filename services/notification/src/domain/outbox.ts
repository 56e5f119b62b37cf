/** Outbox rules: one idempotency key per mail, retries with capped exponential backoff. */

export function shareIdempotencyKey(shareRequestId: string, kind: 'receiver' | 'uploader-copy', recipient: string): string {
  return `share/${shareRequestId}/${kind}/${recipient.trim().toLowerCase()}`;
}

export function firstDownloadIdempotencyKey(linkId: string): string {
  return `first-download/${linkId}`;
}

export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 30 * 60_000;

/** When to try again after `attempts` failed sends: 5 s, 10 s, 20 s, … capped at 30 minutes. */
export function nextAttemptAt(attempts: number, now: Date): Date {
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay);
}
