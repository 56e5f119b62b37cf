import { randomUUID } from 'node:crypto';
import { ShareEmailKind, type SendShareEmailRequest } from '@ferry/contracts/notification/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUnary,
  migratedPostgres,
  PUBLIC_ORIGIN,
  smtpMailSettings,
  startMailStandIn,
  startNotification,
  type RunningNotification,
} from './harness.js';

/**
 * SMTP down for 60 s of the service's clock while 50 shares arrive. The relay is driven by the same
 * injected clock: it tries, fails and backs off (5 s, 10 s, 20 s, … as in production; a failed
 * connection ends the pass) while the clock advances in 1 s steps and a pass runs after each step;
 * then SMTP comes back and every mail must arrive exactly once.
 */
describe('SMTP outage during 50 shares', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let running: RunningNotification;
  let clock = Date.now();

  beforeAll(async () => {
    database = await migratedPostgres();
    mail = await startMailStandIn();
    running = await startNotification(database.url, {
      mail: smtpMailSettings(mail.smtpPort, {
        limits: { maxRecipients: 50, senderPerHour: 10_000, recipientPerLinkPerDay: 10 },
        relayIntervalMs: 60_000,
      }),
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await running?.stop();
    await mail?.dispose();
    await database?.drop();
  });

  it('delivers every message exactly once after SMTP returns', async () => {
    await mail.setSmtpMode('down');
    const start = clock;
    const requests: SendShareEmailRequest[] = [];
    let attemptsWhileDown = 0;
    for (let i = 0; i < 50; i++) {
      const req: SendShareEmailRequest = {
        caller: { sub: `sub-${i % 5}`, email: `sender${i % 5}@example.com` },
        kind: ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
        shareRequestId: randomUUID(),
        recipients: [`a${i}@example.com`, `b${i}@example.com`],
        fileName: `file-${i}.bin`,
        sizeBytes: String(1024 * (i + 1)),
        sizeLabel: '',
        downloadUrl: `${PUBLIC_ORIGIN}/r/Outage_${String(i).padStart(4, '0')}`,
        message: `message ${i}`,
        expiresAt: new Date(start + 7 * 86_400_000),
        subdomain: '',
        slug: `Outage_${String(i).padStart(4, '0')}`,
        locale: 'en',
        downloadPageUrl: '',
        fileDownloadUrl: '',
        code: '',
      };
      requests.push(req);
      expect((await callUnary(running.notification.sendShareEmail.bind(running.notification), req)).err).toBeNull();
      expect(
        (
          await callUnary(running.notification.sendShareEmail.bind(running.notification), {
            ...req,
            kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY,
          })
        ).err,
      ).toBeNull();
      // The 50 shares arrive over the first 50 s of the outage; the relay runs between them.
      clock += 1_000;
      await running.server.relay.drain();
    }
    while (clock - start < 60_000) {
      clock += 1_000;
      await running.server.relay.drain();
    }
    const rows = await running.db.prisma.outboxMessage.findMany();
    attemptsWhileDown = rows.reduce((n, r) => n + r.attempts, 0);
    expect(rows).toHaveLength(150);
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
    // One failed connection ends a pass: about one attempt per pass, not one per queued mail.
    expect(attemptsWhileDown).toBeGreaterThanOrEqual(60);
    expect(attemptsWhileDown).toBeLessThan(60 * 5);
    expect(mail.store.list()).toHaveLength(0);

    await mail.setSmtpMode('accept');
    // Every row becomes due within its backoff (at most 40 s after the last failure here).
    clock += 45_000;
    const started = performance.now();
    await running.server.relay.drain();
    const deliveryMs = performance.now() - started;
    const after = await running.db.prisma.outboxMessage.findMany();
    expect(after.filter((r) => r.status !== 'SENT')).toEqual([]);
    // Extra passes after delivery send nothing more.
    clock += 3_600_000;
    expect(await running.server.relay.drain()).toBe(0);

    await mail.store.settled();
    const inbox = mail.store.list();
    expect(inbox).toHaveLength(150);
    expect(new Set(inbox.map((m) => m.messageId)).size).toBe(150);
    const expected = requests
      .flatMap((_, i) => [`a${i}@example.com`, `b${i}@example.com`, `sender${i % 5}@example.com`])
      .sort();
    expect(inbox.map((m) => m.to[0]!).sort()).toEqual(expected);
    console.log(
      `outage: 150 mails queued during 60 s without SMTP, ${attemptsWhileDown} failed attempts, all delivered once after it returned, in ${deliveryMs.toFixed(0)} ms`,
    );
  });
});
