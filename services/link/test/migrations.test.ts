import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations } from '@ferry/db';
import { createTestDatabase } from '@ferry/testkit';
import { describe, expect, it } from 'vitest';
import { ferryDb, serviceDir } from './generate.global-setup.js';
import { migrationsDir } from './harness.js';
import { openDatabase } from '../src/db.js';

describe('link migrations', () => {
  it('apply to a fresh PostgreSQL database, once', async () => {
    const database = await createTestDatabase('ferry_link');
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
          'abuse_reports',
          'account_deletions',
          'account_suspensions',
          'admin_actions',
          'admitted_sessions',
          'cleanup_notices',
          'download_batches',
          'first_download_outbox',
          'link_download_buckets',
          'link_files',
          'links',
          'offline_grants',
          'session_cutoffs',
          'short_codes',
          'subdomain_owners',
          'unlock_tokens',
          'used_actions',
        ]);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  });

  it("give existing links' subdomains to the account with the earliest link on each", async () => {
    // The migrations before subdomain ownership, then some links, then the rest.
    const before = mkdtempSync(join(tmpdir(), 'link-migrations-'));
    const database = await createTestDatabase('ferry_link');
    try {
      for (const name of readdirSync(migrationsDir)) {
        if (name < '20261125131801_subdomain_owners')
          cpSync(join(migrationsDir, name), join(before, name), { recursive: true });
      }
      await applyMigrations({ migrationsDir: before, databaseUrl: database.url });
      const db = await openDatabase(database.url);
      try {
        const link = (slug: string, sub: string, subdomain: string, createdAt: string) =>
          db.prisma
            .$executeRaw`INSERT INTO links (id, slug, drive_file_id, owner_sub, owner_email, owner_subdomain, file_name, size_bytes, expires_at, created_at)
            VALUES (gen_random_uuid(), ${slug}, 'f', ${sub}, 'x@y', ${subdomain}, 'n', 1, now() + interval '1 day', ${createdAt}::timestamptz)`;
        await link('Old_alice_1', 'sub-alice-a', 'alice', '2026-01-02T00:00:00Z');
        await link('Old_alice_2', 'sub-alice-b', 'alice', '2026-01-01T00:00:00Z');
        await link('Old_alice_3', 'sub-alice-a', 'alice', '2026-01-03T00:00:00Z');
        await link('Old_bob_001', 'sub-bob', 'bob', '2026-01-04T00:00:00Z');
        expect((await applyMigrations({ migrationsDir, databaseUrl: database.url })).applied).toContain(
          '20261125131801_subdomain_owners',
        );
        const owners = await db.prisma.subdomainOwner.findMany({ orderBy: { subdomain: 'asc' } });
        expect(owners.map((o) => [o.subdomain, o.ownerSub])).toEqual([
          ['alice', 'sub-alice-b'],
          ['bob', 'sub-bob'],
        ]);
        const links = await db.prisma.link.findMany({ orderBy: { slug: 'asc' } });
        // alice@b had the earliest link on 'alice'; alice@a's old links are served on the root host only.
        expect(links.map((l) => [l.slug, l.ownerSubdomain])).toEqual([
          ['Old_alice_1', ''],
          ['Old_alice_2', 'alice'],
          ['Old_alice_3', ''],
          ['Old_bob_001', 'bob'],
        ]);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
      rmSync(before, { recursive: true, force: true });
    }
  });

  it('match schema.prisma (ferry-db migrate check shows no drift)', () => {
    const [node, cli] = ferryDb();
    const result = spawnSync(node!, [cli!, 'migrate', 'check'], { cwd: serviceDir, encoding: 'utf8' });
    expect(result.stderr).not.toContain('Drift');
    expect(result.status).toBe(0);
  });
});
