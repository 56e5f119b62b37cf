import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets that are worth compressing (source maps are never served to visitors). */
const TEXT_ASSET = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  rawBytes: number;
  brotliBytes: number;
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text
 * asset under `dir`, so servers send them with `Content-Encoding` and never compress per request.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, rawBytes: 0, brotliBytes: 0 };
  for await (const file of files(dir)) {
    if (!TEXT_ASSET.test(file)) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    // A copy that is not smaller is not worth sending (tiny files).
    if (br.length >= body.length) continue;
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    result.files += 1;
    result.rawBytes += body.length;
    result.brotliBytes += br.length;
  }
  return result;
}

/** `{ "<lng>/<ns>": "<first 10 hex of sha256>" }` for every `<lng>/<ns>.json` under `localesDir`. */
export async function localeHashes(localesDir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  let languages: string[];
  try {
    languages = await readdir(localesDir);
  } catch {
    return hashes;
  }
  for (const lng of languages.sort()) {
    const dir = path.join(localesDir, lng);
    if (!(await stat(dir)).isDirectory()) continue;
    for (const name of (await readdir(dir)).sort()) {
      if (!name.endsWith('.json')) continue;
      const body = await readFile(path.join(dir, name));
      hashes[`${lng}/${name.slice(0, -'.json'.length)}`] = createHash('sha256').update(body).digest('hex').slice(0, 10);
    }
  }
  return hashes;
}

/** The file every web build writes beside its locales: what the gateway and the shell version them by. */
export const LOCALE_HASHES_FILE = 'locale-hashes.json';
