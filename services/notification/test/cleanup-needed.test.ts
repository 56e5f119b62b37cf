import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPayload } from '../src/outbox/payload.js';
import { callUnary, migratedPostgres, PUBLIC_ORIGIN, startNotification, type RunningNotification } from './harness.js';

describe('RecordCleanupNeeded: the mail to an owner whose expired files wait for a Drive grant', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningNotification;
  const record = (req: { idempotencyKey: string; ownerEmail: string; locale: string }) =>
    callUnary(running.notification.recordCleanupNeeded.bind(running.notification), req);

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startNotification(database.url);
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it("queues one mail per key, in the owner's language, with the way to finish the clean-up", async () => {
    const key = `cleanup-needed/sub-ann/${Date.now()}`;
    const first = await record({ idempotencyKey: key, ownerEmail: 'Ann@Example.com', locale: 'de-AT' });
    expect(first.err).toBeNull();
    expect(first.res!.accepted).toBe(true);
    const again = await record({ idempotencyKey: key, ownerEmail: 'ann@example.com', locale: 'de-AT' });
    expect(again.res!.accepted).toBe(false);
    const rows = await running.db.prisma.outboxMessage.findMany({ where: { idempotencyKey: key } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('CLEANUP_NEEDED');
    expect(rows[0]!.to).toBe('ann@example.com');
    const mail = readPayload(rows[0]!.payload)!;
    expect(mail.type).toBe('cleanup-needed');
    expect(mail.lang).toBe('de');
    expect(mail.subject).toBe('Ferry konnte deine abgelaufenen Dateien nicht entfernen');
    expect(mail.text).toContain('_ferryuploads');
    expect(mail.text).toContain(`${PUBLIC_ORIGIN}/upload`);
    expect(mail.html).toContain(`href="${PUBLIC_ORIGIN}/upload"`);
  });

  it('refuses a malformed key or address', async () => {
    expect(
      (await record({ idempotencyKey: 'first-download/x', ownerEmail: 'ann@example.com', locale: 'en' })).err?.code,
    ).toBe(grpc.status.INVALID_ARGUMENT);
    expect(
      (
        await record({
          idempotencyKey: `cleanup-needed/sub-ann/${Date.now()}`,
          ownerEmail: 'not an address',
          locale: 'en',
        })
      ).err?.code,
    ).toBe(grpc.status.INVALID_ARGUMENT);
  });
});
