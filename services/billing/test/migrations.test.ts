import { spawnSync } from 'node:child_process';
import { applyMigrations } from '@ferry/db';
import { createTestDatabase } from '@ferry/testkit';
import { describe, expect, it } from 'vitest';
import { ferryDb, serviceDir } from './generate.global-setup.js';
import { migrationsDir } from './harness.js';
import { openDatabase } from '../src/db.js';

describe('billing migrations', () => {
  it('apply to a fresh PostgreSQL database, once', async () => {
    const database = await createTestDatabase('ferry_billing');
    try {
      const first = await applyMigrations({ migrationsDir, databaseUrl: database.url });
      expect(first.applied.length).toBeGreaterThan(0);
      const again = await applyMigrations({ migrationsDir, databaseUrl: database.url });
      expect(again.applied).toEqual([]);

      const db = await openDatabase(database.url);
      try {
        const rows = await db.prisma.$queryRaw<Array<{ table_name: string }>>`
          SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
        expect(rows.map((r) => r.table_name)).toEqual([
          '_prisma_migrations',
          'processed_stripe_events',
          'subscriptions',
        ]);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('match schema.prisma (ferry-db migrate check shows no drift)', () => {
    const [node, cli] = ferryDb();
    const result = spawnSync(node!, [cli!, 'migrate', 'check'], { cwd: serviceDir, encoding: 'utf8' });
    expect(result.stderr).not.toContain('Drift');
    expect(result.status).toBe(0);
  });
});
