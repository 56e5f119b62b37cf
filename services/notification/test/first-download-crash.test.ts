import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { HealthClient } from '@ferry/contracts/health/v1';
import {
  MessageStatus,
  NotificationServiceClient,
  NotificationServiceService,
  type RecordFirstDownloadRequest,
} from '@ferry/contracts/notification/v1';
import { checkHealth, createGrpcClient } from '@ferry/service-kit';
import { keyPem, testCallerKeys, testCallerOptions } from '@ferry/service-kit/testing';
import { freePort, waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { notificationPolicies } from '../src/policies.js';
import { serviceDir } from './generate.global-setup.js';
import { callUnary, MAIL_FROM, migratedPostgres, PUBLIC_ORIGIN, startMailStandIn } from './harness.js';

const mainJs = join(serviceDir, 'dist/main.js');

function event(linkId: string): RecordFirstDownloadRequest {
  return {
    idempotencyKey: `first-download/${linkId}`,
    linkId,
    slug: 'Crash_link01',
    ownerEmail: 'ann@example.com',
    ownerSubdomain: 'ann',
    fileName: 'report.pdf',
    sizeBytes: String(3 * 1024 * 1024),
    expiresAt: new Date(Date.now() + 3 * 86_400_000),
    downloadedAt: new Date(),
    locale: 'nl',
  };
}

/** The real service process (dist/main.js), killed with SIGKILL: nothing is flushed or drained. */
describe('first-download notice across a notification-service crash', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let db: Database;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let child: ChildProcess | undefined;
  let port: number;
  let client: NotificationServiceClient;
  let health: HealthClient;

  const start = async () => {
    child = spawn(process.execPath, [mainJs], {
      cwd: serviceDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NOTIFICATION_PORT: String(port),
        NOTIFICATION_DATABASE_URL: database.url,
        SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
        MAIL_FROM,
        PUBLIC_ORIGIN,
        SHARE_MAX_RECIPIENTS: '50',
        SHARE_LIMIT_SENDER_PER_HOUR: '100',
        SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY: '3',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '500',
        MAIL_RELAY_INTERVAL_MS: '100',
        MAIL_SEND_TIMEOUT_MS: '2000',
        LOG_LEVEL: 'error',
        GATEWAY_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().gateway.publicKey),
        LINK_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().link.publicKey),
        BILLING_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().billing.publicKey),
      },
    });
    await waitFor('notification to serve', async () => (await checkHealth(health, '', 500)) === 'SERVING', 30_000);
  };
  const kill = async () => {
    const c = child!;
    c.kill('SIGKILL');
    if (c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  };
  const record = (linkId: string) => callUnary(client.recordFirstDownload.bind(client), event(linkId), 15_000);
  /** What the link service's relay does: retry until the call is answered. */
  const recordUntilAnswered = async (linkId: string) => {
    for (;;) {
      const r = await record(linkId);
      if (!r.err) return r.res!;
      if (r.err.code !== grpc.status.UNAVAILABLE && r.err.code !== grpc.status.DEADLINE_EXCEEDED) throw r.err;
    }
  };
  const row = (linkId: string) =>
    db.prisma.outboxMessage.findUnique({ where: { idempotencyKey: `first-download/${linkId}` } });

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build -w @ferry/notification first`);
    database = await migratedPostgres();
    db = await openDatabase(database.url);
    mail = await startMailStandIn();
    port = await freePort();
    // RecordFirstDownload as the link service's relay calls it: with the link identity.
    client = createGrpcClient(
      NotificationServiceClient,
      `127.0.0.1:${port}`,
      testCallerOptions(NotificationServiceService, notificationPolicies),
    );
    health = createGrpcClient(HealthClient, `127.0.0.1:${port}`);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    client?.close();
    health?.close();
    await db?.close();
    await mail?.dispose();
    await database?.drop();
  });

  it('20 concurrent events, SIGKILL while the notice is still queued (SMTP refusing), restart: exactly one notice', async () => {
    await mail.setSmtpMode('refuse');
    await start();
    const calls = Array.from({ length: 20 }, () => record('link-a'));
    // Kill as soon as the first call is answered: the others are in flight or not yet handled.
    await Promise.race(calls);
    await kill();
    const results = await Promise.all(calls);
    const answered = results.filter((r) => !r.err);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    // The call that recorded the event may be the one the kill cut off before it answered.
    expect(answered.filter((r) => r.res!.accepted).length).toBeLessThanOrEqual(1);
    expect(
      results.filter((r) => r.err).every((r) => [grpc.status.UNAVAILABLE, grpc.status.CANCELLED].includes(r.err!.code)),
    ).toBe(true);
    expect(await db.prisma.outboxMessage.count({ where: { idempotencyKey: 'first-download/link-a' } })).toBe(1);
    expect((await row('link-a'))?.status).toBe('PENDING');
    expect(mail.store.list()).toHaveLength(0);

    await mail.setSmtpMode('accept');
    await start();
    // The failed calls are retried (as the link relay does); each finds the key recorded.
    const retries = await Promise.all(results.filter((r) => r.err).map(() => recordUntilAnswered('link-a')));
    expect(retries.every((r) => !r.accepted)).toBe(true);
    await waitFor('the notice to be sent', async () => (await row('link-a'))?.status === 'SENT', 30_000);
    const inbox = await mail.messages();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ to: ['ann@example.com'], subject: 'report.pdf is voor het eerst gedownload' });
    expect(inbox[0]!.text).toContain(`Link: ${PUBLIC_ORIGIN}/r/Crash_link01`);
    expect(inbox[0]!.text).toContain('Grootte: 3 MB');
    expect(inbox[0]!.headers.find((h) => h.key === 'x-ferry-kind')?.value).toBe('first-download');
  });

  it('20 concurrent events, SIGKILL after the notice was sent, restart and 20 repeats: still exactly one notice', async () => {
    await mail.store.clear();
    const calls = await Promise.all(Array.from({ length: 20 }, () => record('link-b')));
    expect(calls.filter((r) => r.res?.accepted)).toHaveLength(1);
    await waitFor('the notice to be sent', async () => (await row('link-b'))?.status === 'SENT', 30_000);
    await kill();
    await start();
    const repeats = await Promise.all(Array.from({ length: 20 }, () => recordUntilAnswered('link-b')));
    expect(repeats.every((r) => !r.accepted && r.status === MessageStatus.MESSAGE_STATUS_SENT)).toBe(true);
    // The restarted relay has made its first pass over due rows once a fresh event is sent through it.
    const probe = await recordUntilAnswered('link-probe');
    expect(probe.accepted).toBe(true);
    await waitFor('the probe notice to be sent', async () => (await row('link-probe'))?.status === 'SENT', 30_000);
    await mail.store.settled();
    const inbox = mail.store.list();
    expect(inbox.filter((m) => m.to[0] === 'ann@example.com')).toHaveLength(2);
    expect((await row('link-b'))?.attempts).toBe(1);
  });
});
