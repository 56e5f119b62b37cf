import { applyMigrations } from '@ferry/db';
import { checkHealth } from '@ferry/service-kit';
import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { LINK_SERVICE_NAME } from '../src/server.js';
import { callUnary, migrationsDir, recordDownloads, startLink } from './harness.js';

// `npm start` runs the services on embedded PGlite (LINK_DATABASE_URL=pglite:///abs/dir).
describe('link service on PGlite', () => {
  it('migrates, stores a link with its outbox row, and serves', async () => {
    const url = 'pglite:memory:link-test';
    const { applied } = await applyMigrations({ migrationsDir, databaseUrl: url });
    expect(applied.length).toBeGreaterThan(0);
    const running = await startLink(url);
    try {
      const { prisma } = running.db;
      const link = await prisma.link.create({
        data: {
          slug: 'AbCdEfGh123',
          driveFileId: 'file-1',
          ownerSub: 'sub-1',
          ownerEmail: 'ann@example.com',
          ownerSubdomain: 'ann',
          fileName: 'report.pdf',
          sizeBytes: 10_995_116_277_760n,
          expiresAt: new Date(Date.now() + 7 * 86_400_000),
        },
      });
      await prisma.$transaction([
        prisma.link.update({
          where: { id: link.id },
          data: { notifiedAt: new Date(), downloadCount: { increment: 1 } },
        }),
        prisma.firstDownloadOutbox.create({
          data: { linkId: link.id, idempotencyKey: `first-download/${link.id}`, payload: { slug: link.slug } },
        }),
      ]);
      const stored = await prisma.link.findUniqueOrThrow({
        where: { slug: 'AbCdEfGh123' },
        include: { firstDownload: true },
      });
      expect(stored.sizeBytes).toBe(10_995_116_277_760n);
      expect(stored.downloadCount).toBe(1n);
      expect(stored.firstDownload?.idempotencyKey).toBe(`first-download/${link.id}`);
      // A second first-download row for the same link is refused by the database.
      await expect(
        prisma.firstDownloadOutbox.create({ data: { linkId: link.id, idempotencyKey: 'other', payload: {} } }),
      ).rejects.toThrow();

      expect(await checkHealth(running.health, LINK_SERVICE_NAME, 2000)).toBe('SERVING');
      const { res } = await callUnary(running.link.getDownloadCount.bind(running.link), { slug: 'AbCdEfGh123' });
      expect(res?.count).toBe('1');

      // The batched count UPDATE (unnest of arrays) on PGlite, and a retried batch counted once.
      const batch = {
        batchId: 'pglite-1',
        counts: [
          { slug: 'AbCdEfGh123', count: '41' },
          { slug: 'NoSuchSlug1', count: '3' },
        ],
      };
      expect((await recordDownloads(running.link, [batch])).res?.recorded).toBe('41');
      expect((await recordDownloads(running.link, [batch])).res?.duplicateBatches).toBe('1');
      const after = await callUnary(running.link.getDownloadCount.bind(running.link), { slug: 'AbCdEfGh123' });
      expect(after.res?.count).toBe('42');
      const bad = await callUnary(running.link.getDownloadCount.bind(running.link), { slug: '../etc/passwd' });
      expect(bad.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    } finally {
      await running.stop();
    }
  });
});
