import {
  actionSigner,
  createLogger,
  createMetricsRegistry,
  onShutdownSignals,
  runMain,
  startMetricsServer,
} from '@ferry/service-kit';
import { redact } from '@ferry/db';
import { loadConfig } from './config.js';
import { openDatabase } from './db.js';
import { smtpSender } from './mail/transport.js';
import { countingSender, registerNotificationMetrics } from './metrics.js';
import { startNotificationServer } from './server.js';

runMain('notification', async () => {
  const config = loadConfig();
  const logger = createLogger('notification', config.LOG_LEVEL);
  const db = await openDatabase(config.NOTIFICATION_DATABASE_URL);
  logger.info({ database: redact(config.NOTIFICATION_DATABASE_URL) }, 'database ready');
  const sendTimeoutMs = config.MAIL_SEND_TIMEOUT_MS ?? 30_000;
  const registry = createMetricsRegistry('notification');
  registerNotificationMetrics(registry, db.prisma, logger);
  const server = await startNotificationServer({
    port: config.NOTIFICATION_PORT,
    host: config.NOTIFICATION_HOST,
    callerKeys: {
      gateway: config.GATEWAY_ASSERTION_PUBLIC_KEY,
      link: config.LINK_ASSERTION_PUBLIC_KEY,
      billing: config.BILLING_ASSERTION_PUBLIC_KEY,
    },
    prisma: db.prisma,
    logger,
    mail: {
      sender: countingSender(
        smtpSender({ url: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs: sendTimeoutMs }),
        registry,
      ),
      from: config.MAIL_FROM,
      publicOrigin: config.PUBLIC_ORIGIN,
      limits: {
        maxRecipients: config.SHARE_MAX_RECIPIENTS,
        senderPerHour: config.SHARE_LIMIT_SENDER_PER_HOUR,
        recipientPerLinkPerDay: config.SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY,
      },
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
      relayIntervalMs: config.MAIL_RELAY_INTERVAL_MS,
      sendTimeoutMs,
      feedbackTo: config.FEEDBACK_TO,
      abuseTo: config.ABUSE_TO,
      ...(config.ACTION_SIGNING_KEY ? { actions: actionSigner(config.ACTION_SIGNING_KEY) } : {}),
    },
  });
  const metrics =
    config.NOTIFICATION_METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({
          registry,
          port: config.NOTIFICATION_METRICS_PORT,
          host: config.NOTIFICATION_HOST,
          logger,
        });
  logger.info(
    {
      smtp: redact(config.SMTP_URL),
      from: config.MAIL_FROM,
      publicOrigin: config.PUBLIC_ORIGIN,
      metricsPort: metrics?.port ?? null,
    },
    'mail relay running',
  );
  onShutdownSignals(logger, [() => server.shutdown(), async () => metrics?.close(), () => db.close()]);
});
