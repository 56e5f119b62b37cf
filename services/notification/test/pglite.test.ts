import { applyMigrations } from '@ferry/db';
import { checkHealth } from '@ferry/service-kit';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SERVICE_NAME } from '../src/server.js';
import { migrationsDir, startNotification } from './harness.js';

// `npm start` runs the services on embedded PGlite (NOTIFICATION_DATABASE_URL=pglite:///abs/dir).
describe('notification service on PGlite', () => {
  it('migrates, keeps one outbox message per idempotency key, and serves', async () => {
    const url = 'pglite:memory:notification-test';
    const { applied } = await applyMigrations({ migrationsDir, databaseUrl: url });
    expect(applied.length).toBeGreaterThan(0);
    const running = await startNotification(url);
    try {
      const { prisma } = running.db;
      const share = await prisma.shareRequest.create({
        data: {
          senderSub: 'sub-1',
          senderEmail: 'ann@example.com',
          fileName: 'a.txt',
          downloadUrl: 'http://localhost:8080/AbCdEfGh',
          recipients: ['bob@example.com', 'eve@example.com'],
          messages: {
            create: [
              {
                idempotencyKey: 'share/1/receiver/bob@example.com',
                kind: 'SHARE_RECEIVER',
                to: 'bob@example.com',
                payload: { fileName: 'a.txt' },
              },
            ],
          },
        },
        include: { messages: true },
      });
      expect(share.recipients).toEqual(['bob@example.com', 'eve@example.com']);
      expect(share.messages[0]).toMatchObject({ status: 'PENDING', attempts: 0 });
      await expect(
        prisma.outboxMessage.create({
          data: {
            idempotencyKey: 'share/1/receiver/bob@example.com',
            kind: 'SHARE_RECEIVER',
            to: 'bob@example.com',
            payload: {},
          },
        }),
      ).rejects.toThrow();
      expect(await checkHealth(running.health, NOTIFICATION_SERVICE_NAME, 2000)).toBe('SERVING');
    } finally {
      await running.stop();
    }
  });
});
