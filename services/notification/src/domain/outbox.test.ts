import { describe, expect, it } from 'vitest';
import { firstDownloadIdempotencyKey, nextAttemptAt, shareIdempotencyKey } from './outbox.js';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('outbox rules', () => {
  it('keys a share mail by request, kind and recipient, case-insensitively', () => {
    expect(shareIdempotencyKey('req-1', 'receiver', ' Ann@X.io ')).toBe('share/req-1/receiver/ann@x.io');
    expect(shareIdempotencyKey('req-1', 'uploader-copy', 'ann@x.io')).not.toBe(
      shareIdempotencyKey('req-1', 'receiver', 'ann@x.io'),
    );
  });

  it('keys a first-download notice by link', () => {
    expect(firstDownloadIdempotencyKey('0b7c')).toBe('first-download/0b7c');
  });

  it('backs off exponentially and caps at 30 minutes', () => {
    const delays = [1, 2, 3, 20].map((n) => nextAttemptAt(n, now).getTime() - now.getTime());
    expect(delays).toEqual([5_000, 10_000, 20_000, 30 * 60_000]);
    expect(nextAttemptAt(4, now, 100, 500).getTime() - now.getTime()).toBe(500);
  });
});
