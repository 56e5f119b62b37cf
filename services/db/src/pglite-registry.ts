import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { newMemoryPGlite } from './pglite-template.js';

/**
 * One PGlite instance per database per process. PGlite is a single connection that owns its data
 * folder: opening the same folder twice would corrupt it, and an in-memory database must be shared
 * for migrations applied in this process to be visible to the client.
 */
const instances = new Map<string, PGlite>();

export function openPGlite(key: string, dataDir: string | undefined): PGlite {
  let db = instances.get(key);
  if (!db) {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    db = dataDir ? new PGlite({ dataDir }) : newMemoryPGlite();
    instances.set(key, db);
  }
  return db;
}

/** Closes one PGlite database opened by this process (no-op for unknown keys). */
export async function closePGlite(key: string): Promise<void> {
  const db = instances.get(key);
  if (!db) return;
  instances.delete(key);
  if (!db.closed) await db.close();
}

/** Closes every PGlite database opened by this process; call on shutdown so files are flushed. */
export async function closeAllPGlite(): Promise<void> {
  await Promise.all([...instances.keys()].map((key) => closePGlite(key)));
}
