import { unzipRaw, type Reader } from 'unzipit';
import { DriveMediaError } from './drive-media.js';

/** Random access to an archive's bytes (the drive file through range reads, or a buffer in tests). */
export interface RangeSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export interface ListedEntry {
  name: string;
  size: number;
  compressedSize: number;
  isDirectory: boolean;
  encrypted: boolean;
}

export interface ZipListing {
  entries: ListedEntry[];
  totalEntries: number;
  truncated: boolean;
}

/** The file is not a zip that can be listed (no end of central directory, bad offsets, bad records). */
export class NotAZipError extends Error {}

/** The central directory is larger than a listing may read. */
export class ZipTooLargeError extends Error {}

/** Largest central directory read for a listing (about 80,000 entries with short names). */
export const MAX_CENTRAL_DIRECTORY_BYTES = 8 * 1024 * 1024;

/**
 * Lists a zip's entries from its end: unzipit finds the End Of Central Directory record in the last
 * 64 KiB + 22 bytes (comment search), follows the Zip64 locator when the record says so, and reads
 * the central directory in one piece. Only those ranges are read, never the entries' data. Reads
 * outside the file or larger than MAX_CENTRAL_DIRECTORY_BYTES stop the listing with a clear error.
 */
export async function listZipEntries(source: RangeSource, maxEntries: number): Promise<ZipListing> {
  if (source.size < 22) throw new NotAZipError('the file is too small to be a zip');
  const reader: Reader = {
    getLength: async () => source.size,
    read: async (offset, length) => {
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0)
        throw new NotAZipError('the zip names an impossible range');
      if (offset + length > source.size) throw new NotAZipError('the zip points past its own end');
      if (length > MAX_CENTRAL_DIRECTORY_BYTES)
        throw new ZipTooLargeError('the zip’s list of files is too large to show');
      if (length === 0) return new Uint8Array(new ArrayBuffer(0));
      const bytes = await source.read(offset, length);
      const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
      copy.set(bytes);
      return copy;
    },
  };
  let raw: Awaited<ReturnType<typeof unzipRaw>>;
  try {
    raw = await unzipRaw(reader);
  } catch (err) {
    if (err instanceof DriveMediaError || err instanceof ZipTooLargeError || err instanceof NotAZipError) throw err;
    // unzipit's own refusals (no EOCD, bad signatures, bad Zip64 records) and what corrupt data makes it trip over.
    throw new NotAZipError(`not a readable zip: ${err instanceof Error ? err.message : String(err)}`);
  }
  const limit = Math.max(0, maxEntries);
  return {
    entries: raw.entries.slice(0, limit).map((e) => ({
      name: e.name,
      size: e.size,
      compressedSize: e.compressedSize,
      isDirectory: e.isDirectory,
      encrypted: e.encrypted,
    })),
    totalEntries: raw.entries.length,
    truncated: raw.entries.length > limit,
  };
}
