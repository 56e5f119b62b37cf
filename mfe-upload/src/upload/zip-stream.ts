import { crc32 } from './crc32';

/** One entry of a stored (uncompressed) zip: a path inside the archive and its bytes. */
export interface ZipEntry {
  path: string;
  size: number;
  lastModified: number;
  /**
   * The entry's bytes in order. A yielded view is only valid until the next one is requested
   * (readers reuse one buffer): consumers copy what they keep.
   */
  stream(): AsyncIterable<Uint8Array>;
}

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
/** The reusable read buffer of a file stream. */
const READ_BUFFER = 256 * 1024;
/** Without zip64 every offset and size must stay below 4 GiB. */
export const ZIP_MAX_BYTES = 0xffffffff;

const encoder = new TextEncoder();

/** Exact archive size, known before a byte is written: the upload can declare its total. */
export function zipSize(entries: readonly Pick<ZipEntry, 'path' | 'size'>[]): number {
  let total = END_RECORD;
  for (const e of entries) {
    const name = encoder.encode(e.path).length;
    total += LOCAL_HEADER + name + e.size + DATA_DESCRIPTOR + CENTRAL_HEADER + name;
  }
  return total;
}

interface Primed {
  it: AsyncIterator<Uint8Array>;
  first: Promise<IteratorResult<Uint8Array>>;
}

function prime(entry: ZipEntry): Primed {
  const it = entry.stream()[Symbol.asyncIterator]();
  const first = it.next();
  first.catch(() => undefined); // awaited later; no unhandled rejection meanwhile
  return { it, first };
}

function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(ms);
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * Streams a stored zip (method 0, UTF-8 names, CRC in a data descriptor after each entry) piece
 * by piece; never the archive in memory. A yielded piece is valid until the next is requested
 * (file data comes from one reused read buffer): the consumer copies it. `onEntryBytes` reports
 * file bytes consumed (the zipping percentage).
 */
export async function* zipStream(
  entries: readonly ZipEntry[],
  onEntryBytes?: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  if (zipSize(entries) > ZIP_MAX_BYTES) throw new Error('archive too large for a zip without zip64');
  const central: Uint8Array[] = [];
  let offset = 0;
  let primed: Primed | undefined;
  for (const [index, entry] of entries.entries()) {
    const name = encoder.encode(entry.path);
    const { time, date } = dosDateTime(entry.lastModified);
    const header = new Uint8Array(LOCAL_HEADER + name.length);
    const h = new DataView(header.buffer);
    h.setUint32(0, 0x04034b50, true);
    h.setUint16(4, 20, true); // version needed
    h.setUint16(6, 0x0808, true); // bit 3: data descriptor, bit 11: UTF-8
    h.setUint16(8, 0, true); // stored
    h.setUint16(10, time, true);
    h.setUint16(12, date, true);
    h.setUint32(14, 0, true); // CRC in the descriptor
    h.setUint32(18, entry.size, true);
    h.setUint32(22, entry.size, true);
    h.setUint16(26, name.length, true);
    h.setUint16(28, 0, true);
    header.set(name, LOCAL_HEADER);
    yield header;

    let crc = 0;
    let seen = 0;
    // The next entry's first read starts now: opening a browser File is an IPC round trip, so
    // overlapping it with this entry's bytes hides it (each entry has its own read buffer).
    const current = primed ?? prime(entry);
    primed = index + 1 < entries.length ? prime(entries[index + 1]!) : undefined;
    for (let r = await current.first; !r.done; r = await current.it.next()) {
      const piece = r.value;
      crc = crc32(piece, crc);
      seen += piece.length;
      onEntryBytes?.(piece.length);
      yield piece;
    }
    if (seen !== entry.size) throw new Error(`${entry.path} changed while zipping (${seen} of ${entry.size} bytes)`);

    const descriptor = new Uint8Array(DATA_DESCRIPTOR);
    const dd = new DataView(descriptor.buffer);
    dd.setUint32(0, 0x08074b50, true);
    dd.setUint32(4, crc, true);
    dd.setUint32(8, entry.size, true);
    dd.setUint32(12, entry.size, true);
    yield descriptor;

    const c = new Uint8Array(CENTRAL_HEADER + name.length);
    const cd = new DataView(c.buffer);
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 0x0314, true); // made by: unix, 2.0
    cd.setUint16(6, 20, true);
    cd.setUint16(8, 0x0808, true);
    cd.setUint16(10, 0, true);
    cd.setUint16(12, time, true);
    cd.setUint16(14, date, true);
    cd.setUint32(16, crc, true);
    cd.setUint32(20, entry.size, true);
    cd.setUint32(24, entry.size, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(38, (0o100644 << 16) >>> 0, true); // external attributes: a regular file, rw-r--r--
    cd.setUint32(42, offset, true);
    c.set(name, CENTRAL_HEADER);
    central.push(c);
    offset += header.length + entry.size + DATA_DESCRIPTOR;
  }
  const centralStart = offset;
  let centralSize = 0;
  for (const c of central) {
    centralSize += c.length;
    yield c;
  }
  const end = new Uint8Array(END_RECORD);
  const ed = new DataView(end.buffer);
  ed.setUint32(0, 0x06054b50, true);
  ed.setUint16(8, entries.length, true);
  ed.setUint16(10, entries.length, true);
  ed.setUint32(12, centralSize, true);
  ed.setUint32(16, centralStart, true);
  yield end;
}

/** A zip entry backed by a browser File: BYOB reads into one reused buffer (no garbage per read). */
export function fileEntry(file: Blob & { lastModified?: number }, path: string): ZipEntry {
  return {
    path,
    size: file.size,
    lastModified: file.lastModified ?? Date.now(),
    stream: () => blobPieces(file),
  };
}

async function* blobPieces(blob: Blob): AsyncGenerator<Uint8Array> {
  const stream = blob.stream();
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    byob = undefined; // not a byte stream here: plain reads (a new buffer per piece)
  }
  if (!byob) {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  let buffer = new ArrayBuffer(READ_BUFFER);
  try {
    for (;;) {
      const { done, value } = await byob.read(new Uint8Array(buffer, 0, READ_BUFFER));
      if (done || !value) return;
      yield value;
      buffer = value.buffer as ArrayBuffer; // the same memory, handed back by the stream
    }
  } finally {
    byob.releaseLock();
  }
}
