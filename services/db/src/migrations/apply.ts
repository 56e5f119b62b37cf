import { randomUUID } from 'node:crypto';
import { redact } from '../database-url.js';
import { openSqlConnection, type SqlConnection } from '../sql-connection.js';
import { MigrationError } from './errors.js';
import { checksumMatches, readMigrations, type MigrationOnDisk } from './folder.js';
import { CREATE_HISTORY_TABLE, readHistory, type HistoryRow } from './history-table.js';

export interface MigrationLogger {
  info(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
}

export interface ApplyMigrationsOptions {
  /** The service's `prisma/migrations` folder. */
  migrationsDir: string;
  /** postgresql://…, pglite:///abs/dir or pglite:memory */
  databaseUrl: string;
  logger?: MigrationLogger;
}

/**
 * Applies the pending migrations of `migrationsDir` in name order, each in its own transaction, and
 * records them in Prisma's `_prisma_migrations` table (so `prisma migrate deploy` agrees with us).
 * Refuses to run when an earlier attempt failed or an applied migration.sql was edited since.
 * Running it again with nothing pending changes nothing. A missing PostgreSQL database is created.
 */
export async function applyMigrations(options: ApplyMigrationsOptions): Promise<{ applied: string[] }> {
  const onDisk = readMigrations(options.migrationsDir);
  const db = await openSqlConnection(options.databaseUrl, { createDatabase: true });
  try {
    await db.lock();
    try {
      return await applyPending(db, onDisk, options);
    } finally {
      await db.unlock();
    }
  } finally {
    await db.close();
  }
}

async function applyPending(
  db: SqlConnection,
  onDisk: MigrationOnDisk[],
  { databaseUrl, logger }: ApplyMigrationsOptions,
): Promise<{ applied: string[] }> {
  await db.exec(CREATE_HISTORY_TABLE);
  const history = (await readHistory(db)).filter((row) => row.rolled_back_at === null);

  const failed = history.find((row) => row.finished_at === null);
  if (failed) throw previousAttemptFailed(failed);

  const done = new Map(history.map((row) => [row.migration_name, row]));
  for (const migration of onDisk) {
    const row = done.get(migration.name);
    if (row && !checksumMatches(migration, row.checksum)) {
      throw new MigrationError(
        'CHECKSUM_MISMATCH',
        `Migration ${migration.name} was modified after it was applied (recorded checksum ${row.checksum}, ` +
          `file now ${migration.checksum}). Restore the original migration.sql and put the change in a new migration.`,
        migration.name,
      );
    }
  }
  const known = new Set(onDisk.map((migration) => migration.name));
  for (const name of done.keys()) {
    if (!known.has(name)) {
      (logger?.warn ?? logger?.info)?.call(
        logger,
        { migration: name },
        'applied migration is missing from the migrations folder',
      );
    }
  }

  const pending = onDisk.filter((migration) => !done.has(migration.name));
  const applied: string[] = [];
  for (const migration of pending) {
    await applyOne(db, migration);
    applied.push(migration.name);
    logger?.info({ migration: migration.name, database: redact(databaseUrl) }, 'migration applied');
  }
  if (pending.length === 0) logger?.info({ database: redact(databaseUrl) }, 'no pending migrations');
  return { applied };
}

async function applyOne(db: SqlConnection, migration: MigrationOnDisk): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (migration.sql.trim() !== '') await tx.exec(migration.sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Recorded like Prisma records a failed attempt (finished_at NULL + logs), so both tools refuse to
    // go on until someone resolves it. The migration's own changes were rolled back.
    await db.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, logs, applied_steps_count)
       VALUES ($1, $2, $3, now(), $4, 0)`,
      [randomUUID(), migration.checksum, migration.name, `ferry-db: ${message}`],
    );
    throw new MigrationError(
      'MIGRATION_FAILED',
      `Migration ${migration.name} failed and was rolled back: ${message}`,
      migration.name,
    );
  }
}

function previousAttemptFailed(row: HistoryRow): MigrationError {
  return new MigrationError(
    'PREVIOUS_ATTEMPT_FAILED',
    `Migration ${row.migration_name} failed on an earlier run${row.logs ? ` (${row.logs.trim()})` : ''}. ` +
      `Nothing was applied. Fix migration.sql (its changes were rolled back), then mark the attempt resolved: ` +
      `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = '${row.id}'; ` +
      `(or \`prisma migrate resolve --rolled-back ${row.migration_name}\` where Prisma's engine exists), and run again.`,
    row.migration_name,
  );
}
