import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A fresh in-memory PGlite for the schema engine. Starting one runs initdb (2-5 s on these cores);
 * loading a saved empty data folder skips that. The first start saves one per PGlite version
 * (under FERRY_DB_CACHE_DIR, default <tmp>/ferry-db-cache); a missing or unreadable copy only costs time.
 */
export async function scratchPGlite(): Promise<PGlite> {
  const cacheFile = join(cacheDir(), `pglite-${pgliteVersion()}-empty.tar.gz`);
  if (existsSync(cacheFile)) {
    try {
      const db = new PGlite({ loadDataDir: new Blob([readFileSync(cacheFile)]) });
      await db.waitReady;
      return db;
    } catch {
      // Fall through to a fresh start (and a new copy).
    }
  }
  const db = new PGlite();
  await db.waitReady;
  try {
    const dump = await db.dumpDataDir('gzip');
    mkdirSync(dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, cacheFile); // atomic: concurrent runs never read half a file
  } catch {
    // The copy is an optimisation only.
  }
  return db;
}

function cacheDir(): string {
  return process.env.FERRY_DB_CACHE_DIR || join(tmpdir(), 'ferry-db-cache');
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  try {
    // The package does not export its package.json: walk up from its entry point.
    let dir = dirname(require.resolve('@electric-sql/pglite'));
    while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
