// @vitest-environment node
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { localeHashes, precompressDir } from './precompress.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes a Brotli and a gzip copy of each text asset that decompress to the original, and skips the rest', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ferry-precompress-'));
    const js = `console.log(${JSON.stringify('ferry '.repeat(500))});`;
    await mkdir(path.join(dir, 'static/js'), { recursive: true });
    await writeFile(path.join(dir, 'static/js/index.0123abcd.js'), js);
    await writeFile(path.join(dir, 'static/js/index.0123abcd.js.map'), js);
    await writeFile(path.join(dir, 'icon.png'), js);
    const result = await precompressDir(dir);
    expect(result.files).toBe(1);
    expect(brotliDecompressSync(await readFile(path.join(dir, 'static/js/index.0123abcd.js.br'))).toString()).toBe(js);
    expect(gunzipSync(await readFile(path.join(dir, 'static/js/index.0123abcd.js.gz'))).toString()).toBe(js);
    await expect(readFile(path.join(dir, 'icon.png.br'))).rejects.toThrow();
    await expect(readFile(path.join(dir, 'static/js/index.0123abcd.js.map.br'))).rejects.toThrow();
  });
});

describe('localeHashes', () => {
  it('hashes each strings file by its content', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ferry-hashes-'));
    await mkdir(path.join(dir, 'en'), { recursive: true });
    await writeFile(path.join(dir, 'en/shell.json'), '{"a":"1"}');
    const first = await localeHashes(dir);
    expect(first['en/shell']).toMatch(/^[0-9a-f]{10}$/);
    await writeFile(path.join(dir, 'en/shell.json'), '{"a":"2"}');
    expect((await localeHashes(dir))['en/shell']).not.toBe(first['en/shell']);
  });
});
