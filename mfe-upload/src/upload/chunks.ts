/** The next chunk [start, end) from the confirmed offset (spec §7: 5 MiB chunks). */
export function nextChunk(offset: number, total: number, chunkSize: number): { start: number; end: number } {
  if (chunkSize <= 0 || chunkSize % (256 * 1024) !== 0) throw new Error('chunk size must be a positive multiple of 256 KiB');
  return { start: offset, end: Math.min(offset + chunkSize, total) };
}

/** Number of chunk PUTs for a size (at least one, an empty file is one empty final PUT). */
export function chunkCount(total: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(total / chunkSize));
}

/** Content-Range of a chunk [start, end) of a total; an empty upload says `bytes *\/0`. */
export function contentRange(start: number, end: number, total: number): string {
  if (end <= start) return `bytes */${total}`;
  return `bytes ${start}-${end - 1}/${total}`;
}

/** Content-Range of a status query. */
export function statusRange(total: number): string {
  return `bytes */${total}`;
}

/**
 * The confirmed offset from a 308's Range header (`bytes=0-N` or `0-N`): N + 1; no header means
 * nothing was persisted yet (0).
 */
export function offsetFromRange(header: string | null): number {
  if (!header) return 0;
  const m = /(\d+)\s*-\s*(\d+)/.exec(header);
  if (!m) return 0;
  return Number(m[2]) + 1;
}

/** Exponential backoff with a cap and ±20 % jitter. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const plain = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(plain * (0.8 + 0.4 * random()));
}
