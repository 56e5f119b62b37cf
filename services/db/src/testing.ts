/**
 * Helpers for a data-owning service's tests (import from '@ferry/db/testing').
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparePGliteTemplate } from './pglite-template.js';

/** The ferry-db CLI as [node, cli.js]: this package's own build, so it works before npm has linked the bin. */
export function ferryDbCommand(): [string, string] {
  return [process.execPath, fileURLToPath(new URL('./cli.js', import.meta.url))];
}

/** Regenerates the service's Prisma client when schema.prisma is newer than it (the tests import that client). */
export function generateClientIfStale(serviceDir: string): void {
  const schema = join(serviceDir, 'prisma/schema.prisma');
  const client = join(serviceDir, 'src/generated/prisma/client.ts');
  if (existsSync(client) && statSync(client).mtimeMs >= statSync(schema).mtimeMs) return;
  const [node, cli] = ferryDbCommand();
  execFileSync(node, [cli, 'generate'], { cwd: serviceDir, stdio: 'inherit' });
}

/**
 * A data-owning service's test setup: its generated client is current, and in-memory PGlite
 * databases start from a checked empty-database copy (a damaged copy is replaced first).
 */
export async function prepareServiceTests(serviceDir: string): Promise<void> {
  generateClientIfStale(serviceDir);
  await preparePGliteTemplate();
}
