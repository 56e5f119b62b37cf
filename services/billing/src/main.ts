import { NotificationServiceClient } from '@ferry/contracts/notification/v1';
import { redact } from '@ferry/db';
import {
  callerAssertionOptions,
  createCallerSigner,
  createGrpcClient,
  createLogger,
  createMetricsRegistry,
  onShutdownSignals,
  runMain,
  startMetricsServer,
  unaryCall,
} from '@ferry/service-kit';
import { loadConfig } from './config.js';
import { openDatabase } from './db.js';
import { startBillingServer } from './server.js';
import { createStripeClient } from './stripe/client.js';
import { ensurePrices } from './stripe/prices.js';

runMain('billing', async () => {
  const config = loadConfig();
  const logger = createLogger('billing', config.LOG_LEVEL);
  const db = await openDatabase(config.BILLING_DATABASE_URL);
  logger.info({ database: redact(config.BILLING_DATABASE_URL) }, 'database ready');
  const payments = config.BILLING_PAYMENTS === 'on';
  const stripe = config.STRIPE_SECRET_KEY
    ? createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL)
    : undefined;
  if (payments && stripe) {
    const prices = await ensurePrices(stripe);
    logger.info(
      {
        stripe: config.STRIPE_API_URL ?? 'api.stripe.com',
        prices: Object.values(prices).map((p) => `${p.plan} ${p.priceId}`),
      },
      'payments on: Stripe prices ready',
    );
  } else {
    logger.warn('BILLING_PAYMENTS is off: no plans, Checkout or portal');
    if (!config.STRIPE_WEBHOOK_SECRET)
      logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks answer "not configured"');
    if (!stripe)
      logger.warn('STRIPE_SECRET_KEY is not set: cancelling a paid plan is recorded in Ferry only, Stripe is not told');
  }
  if (config.BILLING_TEST_CLOCK === 'on')
    logger.info("BILLING_TEST_CLOCK is on: accounts' clocks can be moved (tests and single-machine mode only)");

  const signer = createCallerSigner({ issuer: 'billing', privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  const notification = createGrpcClient(
    NotificationServiceClient,
    config.NOTIFICATION_ADDR,
    callerAssertionOptions(signer, NotificationServiceClient.serviceName),
  );
  const server = await startBillingServer({
    port: config.BILLING_PORT,
    host: config.BILLING_HOST,
    gatewayPublicKey: config.GATEWAY_ASSERTION_PUBLIC_KEY,
    linkPublicKey: config.LINK_ASSERTION_PUBLIC_KEY,
    prisma: db.prisma,
    logger,
    testClock: config.BILLING_TEST_CLOCK === 'on',
    payments,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    stripe,
    reminders: {
      publicOrigin: config.PUBLIC_ORIGIN,
      intervalMs: config.BILLING_REMINDER_INTERVAL_S * 1000,
      send: async (req) => {
        await unaryCall((md, o, cb) => notification.sendAccountNotice(req, md, o, cb), { deadlineMs: 10_000 });
      },
    },
  });
  const metrics =
    config.BILLING_METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({
          registry: createMetricsRegistry('billing'),
          port: config.BILLING_METRICS_PORT,
          host: config.BILLING_HOST,
          logger,
        });
  logger.info(
    {
      host: config.BILLING_HOST,
      port: server.port,
      metricsPort: metrics?.port ?? null,
      notification: config.NOTIFICATION_ADDR,
    },
    'billing service listening',
  );
  onShutdownSignals(logger, [
    () => server.shutdown(),
    async () => notification.close(),
    async () => metrics?.close(),
    () => db.close(),
  ]);
});
