import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@ferry/testkit';
import { openSqlConnection } from '../src/sql-connection.js';
import { copyFixtureService, fixtureMigrationsDir, packageDir, scratchDir } from './helpers.js';

const run = promisify(execFile);
const cli = join(packageDir, 'dist/cli.js');

async function ferryDb(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      cwd,
      env: { ...process.env, FERRY_DB_DEBUG: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function columnsOf(url: string, table: string): Promise<string[]> {
  const db = await openSqlConnection(url);
  try {
    const rows = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    return rows.map((row) => row.column_name);
  } finally {
    await db.close();
  }
}

describe('ferry-db migrate create / apply / check', () => {
  let service: ReturnType<typeof copyFixtureService>;
  let pgliteDir: ReturnType<typeof scratchDir>;
  let pgliteUrl: string;
  let postgres: TestDatabase;
  let migrationsDir: string;
  let schemaPath: string;
  const migrationNames = () =>
    readdirSync(migrationsDir)
      .filter((entry) => entry !== 'migration_lock.toml')
      .sort();

  beforeAll(async () => {
    service = copyFixtureService({ withMigrations: false });
    pgliteDir = scratchDir('flow-pglite');
    pgliteUrl = `pglite://${pgliteDir.path}/data`;
    migrationsDir = join(service.path, 'prisma/migrations');
    schemaPath = join(service.path, 'prisma/schema.prisma');
    postgres = await createTestDatabase('ferry_db_flow');
  });

  afterAll(async () => {
    await postgres?.drop();
    pgliteDir?.remove();
    service?.remove();
  });

  it('creates the first migration from an empty folder, identical to what Prisma writes', async () => {
    const created = await ferryDb(service.path, 'migrate', 'create', 'init');
    expect(created.code, created.stderr).toBe(0);
    const names = migrationNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{14}_init$/);
    expect(readFileSync(join(migrationsDir, names[0]!, 'migration.sql'), 'utf8')).toBe(
      readFileSync(join(fixtureMigrationsDir, '20260101000000_init/migration.sql'), 'utf8'),
    );
    expect(readFileSync(join(migrationsDir, 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
  });

  it('applies it to PostgreSQL and PGlite, and check is clean', async () => {
    for (const url of [postgres.url, pgliteUrl]) {
      const applied = await ferryDb(service.path, 'migrate', 'apply', '--url', url);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toMatch(/Applied 1 migration\(s\): \d{14}_init/);
    }
    expect(await columnsOf(postgres.url, 'Counter')).toEqual(['id', 'value']);
    const check = await ferryDb(service.path, 'migrate', 'check');
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('Migrations match schema.prisma.');
  });

  it('reports drift with the missing SQL after the schema changes', async () => {
    writeFileSync(
      schemaPath,
      readFileSync(schemaPath, 'utf8').replace(/^(\s+value\s+Int\s+@default\(0\))$/m, '$1\n  label String?'),
    );
    const check = await ferryDb(service.path, 'migrate', 'check');
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/ALTER TABLE "Counter" ADD COLUMN\s+"label" TEXT;/);
  });

  it('creates the second migration, applies it everywhere, and check is clean again', async () => {
    const created = await ferryDb(service.path, 'migrate', 'create', 'Add counter label');
    expect(created.code, created.stderr).toBe(0);
    const names = migrationNames();
    expect(names).toHaveLength(2);
    expect(names[1]).toMatch(/^\d{14}_add_counter_label$/);
    expect(names[1]! > names[0]!).toBe(true);

    for (const url of [postgres.url, pgliteUrl]) {
      const applied = await ferryDb(service.path, 'migrate', 'apply', '--url', url);
      expect(applied.stdout).toContain(`Applied 1 migration(s): ${names[1]}`);
    }
    // (PGlite's tables are checked in apply.test.ts; opening its folder here costs another PGlite start.)
    expect(await columnsOf(postgres.url, 'Counter')).toEqual(['id', 'value', 'label']);
    expect((await ferryDb(service.path, 'migrate', 'check')).code).toBe(0);
    const again = await ferryDb(service.path, 'migrate', 'create', 'nothing');
    expect(again.stdout).toContain('No changes');
    expect(migrationNames()).toHaveLength(2);
  });

  it('refuses to apply after an applied migration was edited', async () => {
    appendFileSync(join(migrationsDir, migrationNames()[0]!, 'migration.sql'), '\n-- tampered\n');
    const applied = await ferryDb(service.path, 'migrate', 'apply', '--url', postgres.url);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('was modified after it was applied');
  });

  it("writes Prisma's data-loss warnings into a destructive migration", async () => {
    writeFileSync(
      schemaPath,
      readFileSync(schemaPath, 'utf8')
        .replace(/^\s+label String\?\n/m, '')
        .replace(/^(\s+value\s+Int\s+@default\(0\))$/m, '$1\n  kind  String'),
    );
    const created = await ferryDb(service.path, 'migrate', 'create', 'kind instead of label');
    expect(created.code, created.stderr).toBe(0);
    const sql = readFileSync(join(migrationsDir, migrationNames()[2]!, 'migration.sql'), 'utf8');
    expect(sql).toMatch(/^\/\*\n {2}Warnings:/);
    expect(sql).toContain('You are about to drop the column `label` on the `Counter` table');
    expect(sql).toContain('Added the required column `kind` to the `Counter` table without a default value');
    expect(sql).toMatch(/ALTER TABLE "Counter" DROP COLUMN "label",\s*ADD COLUMN\s+"kind" TEXT NOT NULL;/);
  });

  it('check fails loudly when a migration does not run', async () => {
    appendFileSync(
      join(migrationsDir, migrationNames()[1]!, 'migration.sql'),
      'ALTER TABLE "NoSuchTable" ADD COLUMN "x" INTEGER;\n',
    );
    const check = await ferryDb(service.path, 'migrate', 'check');
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/failed to apply cleanly[\s\S]*NoSuchTable/);
  });
});
