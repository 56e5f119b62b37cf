/** Bytes to upload, read by absolute offset; a stream source only moves forward. */
export interface ByteSource {
  readonly size: number;
  /** Bytes [start, end); start is never below the last `release`d offset. */
  read(start: number, end: number): Promise<Blob | Uint8Array>;
  /** Everything below `offset` is confirmed by the server and may be dropped. */
  release(offset: number): void;
}

/**
 * A File or Blob: random access, nothing buffered (fetch sends the slice). Reading the next chunk
 * into memory during the current PUT was tried and measured no faster in Chromium (bench/README).
 */
export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (start, end) => blob.slice(start, end), release: () => undefined };
}

/** Bytes copied from the stream into one reused buffer before they become a Blob. */
const STAGING = 1024 * 1024;

/**
 * A produced stream (the zip) of known total size. Each produced piece is copied at once into a
 * reused staging buffer and from there into Blobs (outside the JS heap), so the producer may reuse
 * its buffers and nothing accumulates as garbage. Only bytes not yet confirmed are kept, so a retry
 * can re-send them.
 */
export function streamSource(size: number, pieces: AsyncIterator<Uint8Array>): ByteSource {
  const held: Blob[] = [];
  let heldStart = 0;
  let heldEnd = 0; // end of the held Blobs (staging bytes come after)
  const staging = new Uint8Array(STAGING);
  let staged = 0;
  let done = false;
  const flush = () => {
    if (staged === 0) return;
    held.push(new Blob([staging.subarray(0, staged)]));
    heldEnd += staged;
    staged = 0;
  };
  return {
    size,
    async read(start, end) {
      if (start < heldStart) throw new Error(`stream source cannot rewind to ${start} (holds from ${heldStart})`);
      while (heldEnd + staged < end && !done) {
        const next = await pieces.next();
        if (next.done) {
          done = true;
          break;
        }
        let piece = next.value;
        while (piece.length > 0) {
          const n = Math.min(piece.length, STAGING - staged);
          staging.set(piece.subarray(0, n), staged);
          staged += n;
          piece = piece.subarray(n);
          if (staged === STAGING) flush();
        }
      }
      flush();
      const to = Math.min(end, heldEnd);
      return new Blob(held).slice(start - heldStart, to - heldStart);
    },
    release(offset) {
      while (held.length > 0 && heldStart + held[0]!.size <= offset) heldStart += held.shift()!.size;
    },
  };
}
