import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface MigrationOnDisk {
  /** Folder name, e.g. `20261122001500_init`; migrations apply in the sort order of these names. */
  name: string;
  sql: string;
  /** SHA-256 hex of migration.sql, as Prisma stores it in `_prisma_migrations.checksum`. */
  checksum: string;
}

export const MIGRATION_LOCK_FILE = 'migration_lock.toml';

/** Reads `<migrationsDir>/<name>/migration.sql` folders, sorted by name. A missing folder means no migrations. */
export function readMigrations(migrationsDir: string): MigrationOnDisk[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir)
    .filter((entry) => statSync(join(migrationsDir, entry)).isDirectory())
    .sort()
    .map((name) => {
      const file = join(migrationsDir, name, 'migration.sql');
      if (!existsSync(file)) throw new Error(`Migration folder ${join(migrationsDir, name)} has no migration.sql`);
      const sql = readFileSync(file, 'utf8');
      return { name, sql, checksum: checksumOf(sql) };
    });
}

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** Prisma accepts a script whose line endings changed (git autocrlf); so do we. */
export function checksumMatches(migration: MigrationOnDisk, recorded: string): boolean {
  if (recorded === migration.checksum) return true;
  const lf = migration.sql.replace(/\r\n/g, '\n');
  return recorded === checksumOf(lf) || recorded === checksumOf(lf.replace(/\n/g, '\r\n'));
}
