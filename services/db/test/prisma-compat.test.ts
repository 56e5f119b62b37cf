import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { applyMigrations, closeDatabase, parseDatabaseUrl } from '../src/index.js';
import { migrationListOf } from '../src/migrations/create.js';
import { NO_FILTERS, withSchemaEngine } from '../src/migrations/schema-engine.js';
import { openPGlite } from '../src/pglite-registry.js';
import { fixtureMigrationsDir, fixtureServiceDir, scratchDir } from './helpers.js';

// Prisma's own schema engine (the Wasm build of the engine behind `prisma migrate deploy/status`)
// reads and writes the same _prisma_migrations history as applyMigrations.
describe("applyMigrations' history as Prisma's schema engine sees it", () => {
  const url = 'pglite:memory:prisma-compat';
  const target = parseDatabaseUrl(url);
  let db: PGlite | undefined;
  let migrations: ReturnType<typeof scratchDir>;
  beforeAll(() => {
    migrations = scratchDir('compat');
    db = target.kind === 'pglite' ? openPGlite(target.key, target.dataDir) : undefined;
  });
  const schema = {
    path: 'schema.prisma',
    content: readFileSync(join(fixtureServiceDir, 'prisma/schema.prisma'), 'utf8'),
  };
  const diagnose = () =>
    withSchemaEngine(
      schema,
      (engine) =>
        engine.diagnoseMigrationHistory({
          migrationsList: migrationListOf(migrations.path),
          optInToShadowDatabase: false,
          filters: NO_FILTERS,
        }),
      db,
    );

  afterAll(async () => {
    await closeDatabase(url);
    migrations?.remove();
  });

  it('agrees on applied migrations, in both directions', async () => {
    cpSync(fixtureMigrationsDir, migrations.path, { recursive: true });
    await applyMigrations({ migrationsDir: migrations.path, databaseUrl: url });
    expect(await diagnose()).toMatchObject({
      hasMigrationsTable: true,
      editedMigrationNames: [],
      failedMigrationNames: [],
      history: null,
    });

    // What `prisma migrate deploy` does with a new migration, then applyMigrations finds nothing to do.
    mkdirSync(join(migrations.path, '20260201000000_by_prisma'));
    writeFileSync(
      join(migrations.path, '20260201000000_by_prisma/migration.sql'),
      'CREATE TABLE "ByPrisma" ("id" INTEGER);\n',
    );
    const byPrisma = await withSchemaEngine(
      schema,
      (engine) => engine.applyMigrations({ migrationsList: migrationListOf(migrations.path), filters: NO_FILTERS }),
      db,
    );
    expect(byPrisma.appliedMigrationNames).toEqual(['20260201000000_by_prisma']);
    expect(await applyMigrations({ migrationsDir: migrations.path, databaseUrl: url })).toEqual({ applied: [] });
  });

  it('agrees on failed and edited migrations', async () => {
    mkdirSync(join(migrations.path, '20260301000000_broken'));
    writeFileSync(
      join(migrations.path, '20260301000000_broken/migration.sql'),
      'ALTER TABLE "Missing" ADD COLUMN "x" INTEGER;\n',
    );
    await expect(applyMigrations({ migrationsDir: migrations.path, databaseUrl: url })).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
    });
    appendFileSync(join(migrations.path, '20260101000000_init/migration.sql'), '\n-- edited\n');

    const diagnostic = await diagnose();
    expect(diagnostic.failedMigrationNames).toEqual(['20260301000000_broken']);
    expect(diagnostic.editedMigrationNames).toEqual(['20260101000000_init']);
  });
});
