export { createAdapter, closeDatabase } from './adapter.js';
export { openPrismaDatabase, type PrismaClientLike, type PrismaDatabase } from './open.js';
export { parseDatabaseUrl, redact, type DatabaseTarget } from './database-url.js';
export { closeAllPGlite } from './pglite-registry.js';
export { preparePGliteTemplate } from './pglite-template.js';
export { applyMigrations, type ApplyMigrationsOptions, type MigrationLogger } from './migrations/apply.js';
export { MigrationError, type MigrationErrorCode } from './migrations/errors.js';
export { readMigrations, checksumOf, type MigrationOnDisk } from './migrations/folder.js';

// Schema-engine based tooling, loaded on demand so services' runtime does not load it.
import type { CreatedMigration, CreateMigrationOptions, MigrationPaths } from './migrations/create.js';
export type { MigrationPaths, CreateMigrationOptions, CreatedMigration };

/** The SQL missing from the migrations folder to produce schema.prisma, or null when they agree. */
export async function checkMigrations(paths: MigrationPaths): Promise<string | null> {
  return (await import('./migrations/create.js')).checkMigrations(paths);
}

/** Writes a new migration folder for the schema changes; null when there are none. */
export async function createMigration(options: CreateMigrationOptions): Promise<CreatedMigration | null> {
  return (await import('./migrations/create.js')).createMigration(options);
}
