/** Bytes to upload, read by absolute offset; a stream source only moves forward. */
export interface ByteSource {
  readonly size: number;
  /** Bytes [start, end); start is never below the last `release`d offset. */
  read(start: number, end: number): Promise<Blob | Uint8Array>;
  /** Everything below `offset` is confirmed by the server and may be dropped. */
  release(offset: number): void;
}

/** A File or Blob: random access, nothing buffered (fetch sends the slice from disk). */
export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (start, end) => blob.slice(start, end), release: () => undefined };
}

/**
 * A produced stream (the zip) of known total size: keeps only the bytes not yet confirmed (at most
 * one chunk plus one produced piece) so a retry can re-send them; pulls more on demand.
 */
export function streamSource(size: number, pieces: AsyncIterator<Uint8Array>): ByteSource {
  let held: Uint8Array[] = [];
  let heldStart = 0;
  let heldEnd = 0;
  let done = false;
  return {
    size,
    async read(start, end) {
      if (start < heldStart) throw new Error(`stream source cannot rewind to ${start} (holds from ${heldStart})`);
      while (heldEnd < end && !done) {
        const next = await pieces.next();
        if (next.done) done = true;
        else if (next.value.length > 0) {
          held.push(next.value);
          heldEnd += next.value.length;
        }
      }
      const to = Math.min(end, heldEnd);
      // A Blob of views on the held pieces: no copy in the JS heap (the Blob lives outside it).
      const parts: Uint8Array[] = [];
      let pos = heldStart;
      for (const piece of held) {
        const pieceEnd = pos + piece.length;
        if (pieceEnd > start && pos < to) parts.push(piece.subarray(Math.max(start, pos) - pos, Math.min(to, pieceEnd) - pos));
        pos = pieceEnd;
        if (pos >= to) break;
      }
      return new Blob(parts as BlobPart[]);
    },
    release(offset) {
      while (held.length > 0 && heldStart + held[0]!.length <= offset) {
        heldStart += held[0]!.length;
        held.shift();
      }
      if (held.length === 0) held = [];
    },
  };
}
