import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClient } from '../src/generate.js';
import { preparePGliteTemplate } from '../src/pglite-template.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const fixtureServiceDir = join(packageDir, 'test/fixtures/service');

/** Newest modification time of the files under `dir` (0 when missing). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function distIsStale(): boolean {
  try {
    return statSync(join(packageDir, 'dist/cli.js')).mtimeMs < newestMtime(join(packageDir, 'src'));
  } catch {
    return true;
  }
}

export default async function setup(): Promise<void> {
  // The CLI tests run the shipped bin (dist/cli.js); turbo does not order a package's own build before its tests.
  if (distIsStale()) {
    execFileSync(
      process.execPath,
      [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      {
        cwd: packageDir,
        stdio: 'inherit',
      },
    );
  }
  await generateClient(fixtureServiceDir);
  // In-memory PGlite databases (and the schema engine's scratch ones) then start in ~0.5 s instead of 2-5 s.
  await preparePGliteTemplate();
}
