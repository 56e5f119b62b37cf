import { randomBytes } from 'node:crypto';
import { ZipFile } from 'yazl';
import { describe, expect, it } from 'vitest';
import { DriveMediaError } from './drive-media.js';
import { listZipEntries, NotAZipError, type RangeSource } from './zip-listing.js';

interface Made {
  name: string;
  bytes: Buffer;
}

async function zipOf(
  files: Made[],
  opts: { zip64?: boolean; comment?: string; directory?: string } = {},
): Promise<Buffer> {
  const zip = new ZipFile();
  if (opts.directory) zip.addEmptyDirectory(opts.directory);
  for (const f of files)
    zip.addBuffer(f.bytes, f.name, { compress: f.bytes.length > 100, forceZip64Format: opts.zip64 === true });
  zip.end({ comment: opts.comment ?? '', forceZip64Format: opts.zip64 === true });
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A buffer read through ranges, as the drive is: every read is recorded. */
function source(bytes: Buffer): RangeSource & { reads: Array<[number, number]>; bytesRead: () => number } {
  const reads: Array<[number, number]> = [];
  return {
    size: bytes.length,
    reads,
    bytesRead: () => reads.reduce((n, [, length]) => n + length, 0),
    read: async (offset, length) => {
      reads.push([offset, length]);
      return new Uint8Array(bytes.subarray(offset, offset + length));
    },
  };
}

const files: Made[] = [
  { name: 'readme.txt', bytes: Buffer.from('hello') },
  { name: 'photos/été.jpg', bytes: randomBytes(300_000) },
  { name: 'data/زمان.csv', bytes: Buffer.from('a,b\n1,2\n'.repeat(5000)) },
];

describe('listZipEntries: the central directory through range reads', () => {
  it('lists names (UTF-8), sizes and directories, reading the tail and the central directory only', async () => {
    const zip = await zipOf(files, { directory: 'empty/' });
    const src = source(zip);
    const listing = await listZipEntries(src, 500);
    expect(listing).toMatchObject({ totalEntries: 4, truncated: false });
    expect(listing.entries.map((e) => [e.name, e.size, e.isDirectory])).toEqual([
      ['empty/', 0, true],
      ['readme.txt', 5, false],
      ['photos/été.jpg', 300_000, false],
      ['data/زمان.csv', 40_000, false],
    ]);
    expect(listing.entries[3]!.compressedSize).toBeLessThan(40_000);
    // Never the entries' data: two reads (the EOCD search window, the central directory), well under the data.
    expect(src.reads.length).toBe(2);
    expect(src.bytesRead()).toBeLessThan(zip.length / 2);
    expect(src.reads[0]).toEqual([zip.length - 65_557, 65_557]);
    expect(src.reads[1]![1]).toBeLessThan(400);
  });

  it('finds the End Of Central Directory behind a long archive comment', async () => {
    const comment = 'c'.repeat(60_000);
    const zip = await zipOf(files.slice(0, 1), { comment });
    const listing = await listZipEntries(source(zip), 10);
    expect(listing.entries.map((e) => e.name)).toEqual(['readme.txt']);
  });

  it('reads Zip64 records, sizes above 4 GiB included', async () => {
    const zip = await zipOf(files, { zip64: true });
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true); // Zip64 EOCD record
    expect((await listZipEntries(source(zip), 500)).entries.map((e) => e.size)).toEqual([5, 300_000, 40_000]);

    // A 5 GiB entry: its Zip64 extra field in the central directory carries the size.
    const name = zip.lastIndexOf(Buffer.from('readme.txt'));
    const header = name - 46;
    expect(zip.readUInt32LE(header)).toBe(0x02014b50);
    let extra = name + 'readme.txt'.length;
    while (zip.readUInt16LE(extra) !== 0x0001) extra += 4 + zip.readUInt16LE(extra + 2);
    expect(extra).toBeLessThan(name + 'readme.txt'.length + zip.readUInt16LE(header + 30));
    // Original size, then compressed size (a stored entry: both the same).
    zip.writeBigUInt64LE(5n * 1024n ** 3n, extra + 4);
    zip.writeBigUInt64LE(5n * 1024n ** 3n, extra + 12);
    const [first] = (await listZipEntries(source(zip), 1)).entries;
    expect(first).toMatchObject({ name: 'readme.txt', size: 5 * 1024 ** 3 });
  });

  it('returns the first entries and says the list is truncated', async () => {
    const many = Array.from({ length: 620 }, (_, i) => ({
      name: `f/${String(i).padStart(4, '0')}.txt`,
      bytes: Buffer.from(String(i)),
    }));
    const listing = await listZipEntries(source(await zipOf(many)), 500);
    expect(listing.entries).toHaveLength(500);
    expect(listing).toMatchObject({ totalEntries: 620, truncated: true });
    expect(listing.entries[499]!.name).toBe('f/0499.txt');
  });

  it('refuses what is not a zip, or a broken one, with NotAZipError', async () => {
    await expect(listZipEntries(source(randomBytes(100_000)), 10)).rejects.toBeInstanceOf(NotAZipError);
    await expect(listZipEntries(source(Buffer.from('PK')), 10)).rejects.toThrow(/too small/);
    const zip = await zipOf(files);
    // The central directory offset points past the end of the file.
    const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const badOffset = Buffer.from(zip);
    badOffset.writeUInt32LE(zip.length + 10, eocd + 16);
    await expect(listZipEntries(source(badOffset), 10)).rejects.toThrow(/past its own end/);
    // The central directory's records are overwritten.
    const badRecords = Buffer.from(zip);
    badRecords.fill(0x41, zip.readUInt32LE(eocd + 16), eocd);
    await expect(listZipEntries(source(badRecords), 10)).rejects.toBeInstanceOf(NotAZipError);
    // The archive's first half only (a cut upload).
    await expect(listZipEntries(source(zip.subarray(0, zip.length / 2)), 10)).rejects.toBeInstanceOf(NotAZipError);
  });

  it('passes a drive failure on as it is (not as "not a zip")', async () => {
    const zip = await zipOf(files);
    const failing: RangeSource = {
      size: zip.length,
      read: async () => {
        throw new DriveMediaError({ status: 503 });
      },
    };
    await expect(listZipEntries(failing, 10)).rejects.toBeInstanceOf(DriveMediaError);
  });
});
