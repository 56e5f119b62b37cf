import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { redact } from '@ferry/db';
import Stripe from 'stripe';
import { loadConfig } from './config.js';
import { openDatabase } from './db.js';
import { startBillingServer } from './server.js';

runMain('billing', async () => {
  const config = loadConfig();
  const logger = createLogger('billing', config.LOG_LEVEL);
  const db = await openDatabase(config.BILLING_DATABASE_URL);
  logger.info({ database: redact(config.BILLING_DATABASE_URL) }, 'database ready');
  if (!config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks answer "not configured"');
  if (!config.STRIPE_SECRET_KEY) logger.warn('STRIPE_SECRET_KEY is not set: cancelling a paid plan is recorded in Ferry only, Stripe is not told');
  const server = await startBillingServer({
    port: config.BILLING_PORT,
    host: config.BILLING_HOST,
    gatewayPublicKey: config.GATEWAY_ASSERTION_PUBLIC_KEY,
    prisma: db.prisma,
    logger,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    stripe: config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 10_000 }) : undefined,
  });
  onShutdownSignals(logger, [() => server.shutdown(), () => db.close()]);
});
