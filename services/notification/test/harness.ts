import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotificationServiceClient, NotificationServiceService } from '@ferry/contracts/notification/v1';
import { HealthClient } from '@ferry/contracts/health/v1';
import { applyMigrations } from '@ferry/db';
import { startMailServer, type MessageDetail, type RunningMailServer } from '@ferry/dev-mail';
import { createGrpcClient, createLogger } from '@ferry/service-kit';
import { testCallerOptions, testCallerPublicKeys } from '@ferry/service-kit/testing';
import { createTestDatabase } from '@ferry/testkit';
import { openDatabase, type Database } from '../src/db.js';
import type { MailSender, OutgoingMail } from '../src/mail/transport.js';
import { smtpSender } from '../src/mail/transport.js';
import { notificationPolicies } from '../src/policies.js';
import { startNotificationServer, type MailSettings, type RunningNotificationServer } from '../src/server.js';
import { serviceDir } from './generate.global-setup.js';

export const migrationsDir = join(serviceDir, 'prisma/migrations');
export const logger = createLogger('notification-test', 'silent');
export const PUBLIC_ORIGIN = 'http://localhost:8080';
export const MAIL_FROM = 'Ferry <no-reply@ferry.test>';

/** A fresh PostgreSQL database with the notification migrations applied. */
export async function migratedPostgres(): Promise<{ url: string; applied: string[]; drop(): Promise<void> }> {
  const database = await createTestDatabase('ferry_notification');
  const { applied } = await applyMigrations({ migrationsDir, databaseUrl: database.url });
  return { url: database.url, applied, drop: database.drop };
}

/** Keeps mails in memory (tests that do not look at SMTP). */
export function memorySender(): MailSender & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { sent, send: async (mail) => void sent.push(mail), close: () => undefined };
}

/** The mail stand-in on free ports with a fresh folder. */
export async function startMailStandIn(): Promise<
  RunningMailServer & { dispose(): Promise<void>; messages(): Promise<MessageDetail[]> }
> {
  const dir = await mkdtemp(join(tmpdir(), 'notification-mail-'));
  const mail = await startMailServer({ dataDir: dir, smtpPort: 0, inboxPort: 0 });
  return Object.assign(mail, {
    async dispose() {
      await mail.close();
      await rm(dir, { recursive: true, force: true });
    },
    async messages() {
      await mail.store.settled();
      return Promise.all(mail.store.list().map(async (m) => (await mail.store.get(m.id))!));
    },
  });
}

export const defaultLimits = { maxRecipients: 50, senderPerHour: 1_000, recipientPerLinkPerDay: 3 };

export function smtpMailSettings(smtpPort: number, overrides: Partial<MailSettings> = {}): MailSettings {
  return {
    sender: smtpSender({ url: `smtp://127.0.0.1:${smtpPort}`, from: MAIL_FROM, timeoutMs: 2_000 }),
    from: MAIL_FROM,
    publicOrigin: PUBLIC_ORIGIN,
    limits: defaultLimits,
    ...overrides,
  };
}

export interface RunningNotification {
  server: RunningNotificationServer;
  db: Database;
  notification: NotificationServiceClient;
  health: HealthClient;
  stop(): Promise<void>;
}

/**
 * The notification server on a free port over `databaseUrl`, with a health client and a client
 * calling as the real callers do: share RPCs as the gateway for the request's `caller` (see
 * testCallerOptions), RecordFirstDownload as the link service.
 */
export async function startNotification(
  databaseUrl: string,
  options: { mail?: Partial<MailSettings>; now?: () => Date } = {},
): Promise<RunningNotification> {
  const db = await openDatabase(databaseUrl);
  const mail: MailSettings = {
    sender: memorySender(),
    from: MAIL_FROM,
    publicOrigin: PUBLIC_ORIGIN,
    limits: defaultLimits,
    ...options.mail,
  };
  const server = await startNotificationServer({
    host: '127.0.0.1',
    port: 0,
    callerKeys: testCallerPublicKeys(),
    prisma: db.prisma,
    logger,
    mail,
    now: options.now,
  });
  const address = `127.0.0.1:${server.port}`;
  const notification = createGrpcClient(
    NotificationServiceClient,
    address,
    testCallerOptions(NotificationServiceService, notificationPolicies),
  );
  const health = createGrpcClient(HealthClient, address);
  return {
    server,
    db,
    notification,
    health,
    stop: async () => {
      notification.close();
      health.close();
      await server.shutdown(1000);
      await db.close();
    },
  };
}

export { callUnary } from '@ferry/service-kit/testing';
