export { createAdapter, closeDatabase } from './adapter.js';
export { parseDatabaseUrl, redact, type DatabaseTarget } from './database-url.js';
export { closeAllPGlite } from './pglite-registry.js';
export { applyMigrations, type ApplyMigrationsOptions, type MigrationLogger } from './migrations/apply.js';
export { MigrationError, type MigrationErrorCode } from './migrations/errors.js';
export { readMigrations, checksumOf, type MigrationOnDisk } from './migrations/folder.js';
