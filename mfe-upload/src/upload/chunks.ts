/** The next chunk [start, end) from the confirmed offset (spec §7: 5 MiB chunks). */
export function nextChunk(offset: number, total: number, chunkSize: number): { start: number; end: number } {
  if (chunkSize <= 0 || chunkSize % (256 * 1024) !== 0)
    throw new Error('chunk size must be a positive multiple of 256 KiB');
  return { start: offset, end: Math.min(offset + chunkSize, total) };
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
