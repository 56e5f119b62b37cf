import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { SendAbuseReportRequest } from '@ferry/contracts/notification/v1';
import { waitFor } from '@ferry/testkit';
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

const ABUSE = 'abuse@ferry.test';

describe('SendAbuseReport: a visitor’s report mailed to the abuse address', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let running: RunningNotification;
  let unconfigured: RunningNotification;
  const send = (target: RunningNotification, req: Partial<SendAbuseReportRequest>) =>
    callUnary(target.notification.sendAbuseReport.bind(target.notification), {
      idempotencyKey: `abuse/${randomUUID()}`,
      slug: 'Reported_01',
      reason: 'phishing',
      details: 'It asks for my bank password.',
      replyTo: '',
      downloadPageUrl: `${PUBLIC_ORIGIN}/r/Reported_01`,
      fileName: 'invoice.pdf',
      ownerEmail: 'owner@example.com',
      adminUrl: `${PUBLIC_ORIGIN}/admin`,
      ...req,
    });

  beforeAll(async () => {
    database = await migratedPostgres();
    mail = await startMailStandIn();
    running = await startNotification(database.url, {
      mail: smtpMailSettings(mail.smtpPort, { abuseTo: ABUSE, relayIntervalMs: 50 }),
    });
    unconfigured = await startNotification(database.url);
  });
  afterAll(async () => {
    await unconfigured?.stop();
    await running?.stop();
    await mail?.dispose();
    await database?.drop();
  });

  it('mails the report once per key to the abuse address, Reply-To the reporter, with the admin screen', async () => {
    const key = `abuse/${randomUUID()}`;
    const first = await send(running, { idempotencyKey: key, replyTo: ' Finder@Example.com ' });
    expect(first.err).toBeNull();
    expect(first.res!.accepted).toBe(true);
    expect((await send(running, { idempotencyKey: key })).res!.accepted).toBe(false);
    await waitFor(
      'the outbox row sent',
      async () =>
        (await running.db.prisma.outboxMessage.findUnique({ where: { idempotencyKey: key } }))?.status === 'SENT',
      15_000,
    );
    const inbox = (await mail.messages()).filter((m) => m.to.includes(ABUSE));
    expect(inbox).toHaveLength(1);
    const [received] = inbox;
    expect(received!.subject).toBe('Abuse report (phishing): invoice.pdf /Reported_01');
    expect(received!.replyTo).toEqual(['finder@example.com']);
    expect(received!.text).toContain('It asks for my bank password.');
    expect(received!.text).toContain(`${PUBLIC_ORIGIN}/r/Reported_01`);
    expect(received!.text).toContain(`Act on it: ${PUBLIC_ORIGIN}/admin`);
    expect(received!.headers.find((h) => h.key.toLowerCase() === 'x-ferry-kind')?.value).toBe('abuse-report');
  });

  it('refuses bad reports, links to other sites, and answers FAILED_PRECONDITION without ABUSE_TO', async () => {
    expect((await send(running, { idempotencyKey: 'abuse/1' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await send(running, { reason: 'spam' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await send(running, { replyTo: 'nobody' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await send(running, { adminUrl: 'https://evil.example/admin' })).err?.code).toBe(
      grpc.status.INVALID_ARGUMENT,
    );
    expect((await send(unconfigured, {})).err?.code).toBe(grpc.status.FAILED_PRECONDITION);
  });
});
