import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Starting an empty PGlite runs initdb (2-5 s of CPU on these cores); loading a saved empty data
 * folder takes ~0.5 s. One is saved per PGlite version under FERRY_DB_CACHE_DIR (default
 * <tmp>/ferry-db-cache) by the first scratchPGlite(); a missing or unreadable copy only costs time.
 */
function templateFile(): string | undefined {
  const version = pgliteVersion();
  // Without a version, copies of different PGlite releases could be mixed up: none is used.
  if (!version) return undefined;
  return join(process.env.FERRY_DB_CACHE_DIR || join(tmpdir(), 'ferry-db-cache'), `pglite-${version}-empty.tar.gz`);
}

/**
 * A new in-memory PGlite, from the saved empty data folder when there is one. PGlite reports a bad
 * copy only once it starts (waitReady), too late to fall back here: preparePGliteTemplate() checks
 * and replaces the copy, and test setups call it first.
 */
export function newMemoryPGlite(): PGlite {
  const template = templateFile();
  let saved: Buffer | undefined;
  try {
    if (template && existsSync(template)) saved = readFileSync(template);
  } catch {
    // Unreadable: start fresh.
  }
  return saved ? new PGlite({ loadDataDir: new Blob([saved]) }) : new PGlite();
}

/** A ready, empty in-memory PGlite; saves the empty-data-folder template when missing. */
export async function scratchPGlite(): Promise<PGlite> {
  const template = templateFile();
  if (template && existsSync(template)) {
    let saved: PGlite | undefined;
    try {
      saved = new PGlite({ loadDataDir: new Blob([readFileSync(template)]) });
      await saved.waitReady;
      return saved;
    } catch {
      await saved?.close().catch(() => undefined);
      // Fall through to a fresh start (and a new copy).
    }
  }
  const db = new PGlite();
  await db.waitReady;
  if (!template) return db;
  try {
    // Dumped before anyone used it, so the copy is an empty database.
    const dump = await db.dumpDataDir('gzip');
    mkdirSync(dirname(template), { recursive: true });
    const partial = `${template}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, template); // atomic: concurrent runs never read half a file
  } catch {
    // The copy is an optimisation only.
  }
  return db;
}

/**
 * Makes sure a working template exists (e.g. in a test globalSetup), so later in-memory databases
 * start fast: a copy that does not start is replaced.
 */
export async function preparePGliteTemplate(): Promise<void> {
  if (!templateFile()) return;
  await (await scratchPGlite()).close();
}

function pgliteVersion(): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    // The package does not export its package.json: walk up from its entry point.
    let dir = dirname(require.resolve('@electric-sql/pglite'));
    while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}
