import { appendFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '@ferry/testkit';
import { applyMigrations, checksumOf, closeDatabase, MigrationError } from '../src/index.js';
import { openSqlConnection } from '../src/sql-connection.js';
import { fixtureMigrationsDir, scratchDir } from './helpers.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function postgresUrl(): Promise<string> {
  const db = await createTestDatabase('ferry_db_apply');
  cleanups.push(() => db.drop());
  return db.url;
}

let pgliteCount = 0;
function pgliteUrl(): string {
  // In-memory: the persistent-folder path is covered by adapter.test.ts and migrate-flow.test.ts.
  const url = `pglite:memory:apply-${++pgliteCount}`;
  cleanups.push(() => closeDatabase(url));
  return url;
}

/** A migrations folder holding a copy of the fixture's migrations, free to edit. */
function migrationsCopy(): string {
  const dir = scratchDir('migrations');
  cleanups.push(() => dir.remove());
  cpSync(fixtureMigrationsDir, dir.path, { recursive: true });
  return dir.path;
}

function addMigration(migrationsDir: string, name: string, sql: string): void {
  mkdirSync(join(migrationsDir, name));
  writeFileSync(join(migrationsDir, name, 'migration.sql'), sql);
}

async function rows<T extends Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const db = await openSqlConnection(url);
  try {
    return await db.query<T>(sql);
  } finally {
    await db.close();
  }
}

const targets = [
  { name: 'PostgreSQL', url: postgresUrl },
  { name: 'PGlite', url: async () => pgliteUrl() },
];

describe.each(targets)('applyMigrations on $name', (target) => {
  it('applies pending migrations once, in name order, recorded like Prisma', async () => {
    const url = await target.url();
    const dir = migrationsCopy();
    addMigration(dir, '20260301000000_add_counter_label', 'ALTER TABLE "Counter" ADD COLUMN "label" TEXT;\n');

    expect(await applyMigrations({ migrationsDir: dir, databaseUrl: url })).toEqual({
      applied: ['20260101000000_init', '20260301000000_add_counter_label'],
    });
    expect(await applyMigrations({ migrationsDir: dir, databaseUrl: url })).toEqual({ applied: [] });

    const history = await rows<{
      migration_name: string;
      checksum: string;
      finished_at: unknown;
      applied_steps_count: number;
      logs: unknown;
    }>(
      url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count, logs FROM "_prisma_migrations" ORDER BY started_at, migration_name',
    );
    expect(history.map((row) => row.migration_name)).toEqual([
      '20260101000000_init',
      '20260301000000_add_counter_label',
    ]);
    expect(history[1]).toMatchObject({
      checksum: checksumOf('ALTER TABLE "Counter" ADD COLUMN "label" TEXT;\n'),
      applied_steps_count: 1,
      logs: null,
    });
    expect(history.every((row) => row.finished_at !== null)).toBe(true);

    const columns = await rows<{ column_name: string; data_type: string }>(
      url,
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => `${c.column_name}:${c.data_type}`)).toEqual([
      'id:character varying',
      'checksum:character varying',
      'finished_at:timestamp with time zone',
      'migration_name:character varying',
      'logs:text',
      'rolled_back_at:timestamp with time zone',
      'started_at:timestamp with time zone',
      'applied_steps_count:integer',
    ]);
  });

  it('refuses to run when an applied migration.sql was edited', async () => {
    const url = await target.url();
    const dir = migrationsCopy();
    await applyMigrations({ migrationsDir: dir, databaseUrl: url });
    appendFileSync(join(dir, '20260101000000_init/migration.sql'), '\n-- edited afterwards\n');
    addMigration(dir, '20260301000000_next', 'CREATE TABLE "Later" ("id" INTEGER);\n');

    const error = await applyMigrations({ migrationsDir: dir, databaseUrl: url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect(error).toMatchObject({ code: 'CHECKSUM_MISMATCH', migration: '20260101000000_init' });
    expect((error as Error).message).toMatch(/20260101000000_init was modified after it was applied/);
    // Nothing after the check ran.
    expect(await rows(url, `SELECT 1 FROM information_schema.tables WHERE table_name = 'Later'`)).toHaveLength(0);
  });

  it('rolls back a failing migration, records the failure and refuses until it is resolved', async () => {
    const url = await target.url();
    const dir = migrationsCopy();
    addMigration(
      dir,
      '20260301000000_broken',
      'CREATE TABLE "Half" ("id" INTEGER);\nALTER TABLE "NoSuchTable" ADD COLUMN "x" TEXT;\n',
    );

    const error = await applyMigrations({ migrationsDir: dir, databaseUrl: url }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MIGRATION_FAILED', migration: '20260301000000_broken' });
    expect((error as Error).message).toMatch(/NoSuchTable/);
    // The earlier migration stays applied; the broken one left nothing behind.
    expect(await rows(url, `SELECT 1 FROM information_schema.tables WHERE table_name = 'User'`)).toHaveLength(1);
    expect(await rows(url, `SELECT 1 FROM information_schema.tables WHERE table_name = 'Half'`)).toHaveLength(0);
    const recorded = await rows<{ finished_at: unknown; logs: string }>(
      url,
      `SELECT finished_at, logs FROM "_prisma_migrations" WHERE migration_name = '20260301000000_broken'`,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.finished_at).toBeNull();
    expect(recorded[0]!.logs).toMatch(/NoSuchTable/);

    // Even once fixed on disk, the failed attempt blocks until marked rolled back (like Prisma's P3009).
    writeFileSync(join(dir, '20260301000000_broken/migration.sql'), 'CREATE TABLE "Half" ("id" INTEGER);\n');
    await expect(applyMigrations({ migrationsDir: dir, databaseUrl: url })).rejects.toMatchObject({
      code: 'PREVIOUS_ATTEMPT_FAILED',
    });
    const db = await openSqlConnection(url);
    await db.exec(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE finished_at IS NULL`);
    await db.close();
    expect(await applyMigrations({ migrationsDir: dir, databaseUrl: url })).toEqual({
      applied: ['20260301000000_broken'],
    });
  });
});

describe('applyMigrations', () => {
  it('treats a missing migrations folder as nothing to apply', async () => {
    const url = pgliteUrl();
    expect(await applyMigrations({ migrationsDir: '/nonexistent/ferry/migrations', databaseUrl: url })).toEqual({
      applied: [],
    });
  });

  it('creates a missing PostgreSQL database, like prisma migrate deploy', async () => {
    const db = await createTestDatabase('ferry_db_missing');
    const missing = new URL(db.url);
    missing.pathname = `/${db.name}_created`;
    cleanups.push(() => db.drop()); // cleanups run last-in first-out: this one after the next
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${db.name}_created" WITH (FORCE)`);
      await admin.end();
    });
    expect(await applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: missing.toString() })).toEqual({
      applied: ['20260101000000_init'],
    });
  });

  it('lets only one of two concurrent runs apply a migration on PostgreSQL', async () => {
    const url = await postgresUrl();
    const results = await Promise.all([
      applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: url }),
      applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: url }),
    ]);
    expect(results.map((r) => r.applied.length).sort()).toEqual([0, 1]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: history } = await client.query('SELECT migration_name FROM "_prisma_migrations"');
    await client.end();
    expect(history).toHaveLength(1);
  });
});
