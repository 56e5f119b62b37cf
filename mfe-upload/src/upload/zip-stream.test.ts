// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { streamSource } from './source';
import { zipSize, zipStream, type ZipEntry } from './zip-stream';

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
const entry = (path: string, data: Uint8Array): ZipEntry => ({
  path,
  size: data.length,
  lastModified: Date.UTC(2026, 0, 2),
  // One reused buffer, like the File reader: the writer must not keep the views.
  stream: async function* () {
    const buf = new Uint8Array(64 * 1024);
    for (let i = 0; i < data.length; i += buf.length) {
      const n = Math.min(buf.length, data.length - i);
      buf.set(data.subarray(i, i + n));
      yield buf.subarray(0, n);
    }
  },
});

describe('stored zip stream', () => {
  it('crc32 matches the reference value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const data = bytes(100_003, 7);
    expect(crc32(data.subarray(50_000), crc32(data.subarray(0, 50_000)))).toBe(crc32(data));
    // Unaligned views and odd lengths take the byte path at both ends.
    for (const [a, b] of [
      [3, 100_000],
      [1, 9],
      [5, 6],
      [2, 77_777],
    ] as const)
      expect(crc32(data.subarray(a, b))).toBe(zlibCrc32(data.subarray(a, b)));
  });

  it('produces exactly zipSize bytes that unzip reads back (names, nested paths, bytes)', async () => {
    const files = {
      'a.txt': bytes(10, 1),
      'dir/sub/b.bin': bytes(3 * 1024 * 1024 + 5, 2),
      'empty.txt': new Uint8Array(0),
      'ü nicode.txt': bytes(77, 3),
    };
    const entries = Object.entries(files).map(([p, d]) => entry(p, d));
    // Consumed through the upload's stream source (copies each piece at once), 5 MiB at a time.
    const size = zipSize(entries);
    const source = streamSource(size, zipStream(entries)[Symbol.asyncIterator]());
    const parts: Buffer[] = [];
    for (let at = 0; at < size; at += 5 * 1024 * 1024) {
      parts.push(
        Buffer.from(
          await new Response((await source.read(at, Math.min(size, at + 5 * 1024 * 1024))) as Blob).arrayBuffer(),
        ),
      );
      source.release(Math.min(size, at + 5 * 1024 * 1024));
    }
    const zip = Buffer.concat(parts);
    expect(zip.length).toBe(zipSize(entries));
    const dir = mkdtempSync(join(tmpdir(), 'ferry-zip-'));
    writeFileSync(join(dir, 'x.zip'), zip);
    const python = `import zipfile,sys,json
z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({i.filename:[i.file_size,i.compress_type,z.read(i).hex()[:40]] for i in z.infolist()})); z.testzip()`;
    const listed = JSON.parse(
      execFileSync('python3', ['-c', python, join(dir, 'x.zip')], { encoding: 'utf8' }),
    ) as Record<string, [number, number, string]>;
    expect(Object.keys(listed).sort()).toEqual(Object.keys(files).sort());
    for (const [p, d] of Object.entries(files)) {
      expect(listed[p]![0]).toBe(d.length);
      expect(listed[p]![1]).toBe(0);
      expect(listed[p]![2]).toBe(Buffer.from(d.subarray(0, 20)).toString('hex'));
    }
    expect(readFileSync(join(dir, 'x.zip')).subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('a stream source re-reads unconfirmed bytes and drops confirmed ones', async () => {
    const data = bytes(1000, 9);
    async function* pieces() {
      for (let i = 0; i < data.length; i += 128) yield data.slice(i, i + 128);
    }
    const source = streamSource(data.length, pieces());
    const src = {
      ...source,
      read: async (a: number, b: number) =>
        new Uint8Array(await new Response((await source.read(a, b)) as Blob).arrayBuffer()),
    };
    expect(Buffer.from(await src.read(0, 300))).toEqual(Buffer.from(data.subarray(0, 300)));
    src.release(200); // the server confirmed only 200
    expect(Buffer.from(await src.read(200, 700))).toEqual(Buffer.from(data.subarray(200, 700)));
    src.release(700);
    await expect(src.read(100, 200)).rejects.toThrow(/rewind/);
    expect(Buffer.from(await src.read(700, 2000))).toEqual(Buffer.from(data.subarray(700)));
  });
});
