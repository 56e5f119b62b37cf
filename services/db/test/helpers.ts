import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const fixtureServiceDir = join(packageDir, 'test/fixtures/service');
export const fixtureMigrationsDir = join(fixtureServiceDir, 'prisma/migrations');

// Scratch folders live inside the package (gitignored) so copied prisma.config.ts files resolve @ferry/db.
const scratchRoot = join(packageDir, 'test/.tmp');

export function scratchDir(prefix: string): { path: string; remove(): void } {
  mkdirSync(scratchRoot, { recursive: true });
  const path = mkdtempSync(join(scratchRoot, `${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A copy of the fixture service (schema + config), optionally without its migrations. */
export function copyFixtureService(options: { withMigrations: boolean }): { path: string; remove(): void } {
  const dir = scratchDir('service');
  cpSync(join(fixtureServiceDir, 'prisma.config.ts'), join(dir.path, 'prisma.config.ts'));
  cpSync(join(fixtureServiceDir, 'prisma/schema.prisma'), join(dir.path, 'prisma/schema.prisma'));
  if (options.withMigrations) cpSync(fixtureMigrationsDir, join(dir.path, 'prisma/migrations'), { recursive: true });
  return dir;
}
