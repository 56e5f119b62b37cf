import { NotificationServiceService, type NotificationServiceServer } from '@ferry/contracts/notification/v1';
import type { KeyObject } from 'node:crypto';
import {
  startGrpcServer,
  type ActionSigner,
  type GrpcServiceBinding,
  type Logger,
  type Principal,
  type RunningGrpcServer,
} from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import { RETRY_BASE_MS, RETRY_MAX_MS } from './domain/outbox.js';
import type { HandlerDeps, ShareLimits } from './handlers/deps.js';
import { accountDataHandlers } from './handlers/account-data.js';
import { accountNoticeHandlers } from './handlers/account-notice.js';
import { cleanupNeededHandlers } from './handlers/cleanup-needed.js';
import { feedbackHandlers } from './handlers/feedback.js';
import { abuseReportHandlers } from './handlers/abuse-report.js';
import { firstDownloadHandlers } from './handlers/first-download.js';
import { moreTimeHandlers } from './handlers/more-time.js';
import { shareHandlers } from './handlers/share.js';
import type { MailSender } from './mail/transport.js';
import { startRelay, type Relay } from './outbox/relay.js';
import { notificationPolicies } from './policies.js';
import { purgeExpired } from './outbox/retention.js';

export const NOTIFICATION_SERVICE_NAME = 'ferry.notification.v1.NotificationService';

export function notificationServiceImplementation(deps: HandlerDeps): NotificationServiceServer {
  return {
    ...shareHandlers(deps),
    ...firstDownloadHandlers(deps),
    ...cleanupNeededHandlers(deps),
    ...accountNoticeHandlers(deps),
    ...feedbackHandlers(deps),
    ...abuseReportHandlers(deps),
    ...moreTimeHandlers(deps),
    ...accountDataHandlers(deps),
  };
}

export function notificationServiceBinding(deps: HandlerDeps): GrpcServiceBinding {
  return {
    name: NOTIFICATION_SERVICE_NAME,
    definition: NotificationServiceService,
    implementation: notificationServiceImplementation(deps),
    policies: notificationPolicies,
  };
}

export interface MailSettings {
  sender: MailSender;
  /** The From header. */
  from: string;
  publicOrigin: string;
  limits: ShareLimits;
  retryBaseMs?: number;
  retryMaxMs?: number;
  relayIntervalMs?: number;
  /** One SMTP send may take this long; a leased row is retried after twice this. */
  sendTimeoutMs?: number;
  /** How often expired e-mail data is purged (spec §9, 24 h). */
  purgeIntervalMs?: number;
  /** The team's address for visitors' feedback; absent = feedback is refused. */
  feedbackTo?: string;
  /** The abuse address (ABUSE_TO) reports are mailed to; absent = reports are refused. */
  abuseTo?: string;
  /** Signs the first-download notice's "+1 day" (ACTION_SIGNING_KEY); absent = no button. */
  actions?: ActionSigner;
}

export interface StartNotificationServerOptions {
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Public keys of its callers' assertions: the gateway (shares), the link service (first downloads) and billing (reminders). */
  callerKeys: Record<Exclude<Principal, 'test'>, KeyObject>;
  prisma: PrismaClient;
  logger: Logger;
  mail: MailSettings;
  now?: () => Date;
}

export interface RunningNotificationServer extends RunningGrpcServer {
  relay: Relay;
  purge(): ReturnType<typeof purgeExpired>;
}

/**
 * The notification service: gRPC server (notification RPCs + health), the outbox relay and the
 * hourly purge, all running once this resolves. Rows left by an earlier process are picked up at once.
 */
export async function startNotificationServer(
  opts: StartNotificationServerOptions,
): Promise<RunningNotificationServer> {
  const now = opts.now ?? (() => new Date());
  const { mail, logger, prisma } = opts;
  const relay = startRelay({
    prisma,
    sender: mail.sender,
    logger,
    from: mail.from,
    now,
    retryBaseMs: mail.retryBaseMs ?? RETRY_BASE_MS,
    retryMaxMs: mail.retryMaxMs ?? RETRY_MAX_MS,
    intervalMs: mail.relayIntervalMs ?? 2_000,
    leaseMs: 2 * (mail.sendTimeoutMs ?? 30_000),
  });
  const deps: HandlerDeps = {
    prisma,
    logger,
    now,
    publicOrigin: mail.publicOrigin,
    limits: mail.limits,
    poke: () => relay.poke(),
    feedbackTo: mail.feedbackTo,
    abuseTo: mail.abuseTo,
    ...(mail.actions ? { actions: mail.actions } : {}),
  };
  const purge = () => purgeExpired(prisma, now(), logger);
  const purgeTimer = setInterval(
    () => void purge().catch((err: Error) => logger.warn({ error: err.message }, 'purge failed')),
    mail.purgeIntervalMs ?? 60 * 60_000,
  );
  purgeTimer.unref();
  let grpc: RunningGrpcServer;
  try {
    grpc = await startGrpcServer({
      host: opts.host,
      port: opts.port,
      logger,
      services: [notificationServiceBinding(deps)],
      callerKeys: opts.callerKeys,
    });
  } catch (err) {
    clearInterval(purgeTimer);
    await relay.stop();
    throw err;
  }
  void purge().catch((err: Error) => logger.warn({ error: err.message }, 'purge failed'));
  relay.poke();
  return {
    ...grpc,
    relay,
    purge,
    async shutdown(graceMs?: number) {
      clearInterval(purgeTimer);
      await grpc.shutdown(graceMs);
      await relay.stop();
      mail.sender.close();
    },
  };
}
