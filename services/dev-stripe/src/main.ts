import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { loadConfig } from './config.js';
import { startStripeServer } from './server.js';

void runMain('dev-stripe', async () => {
  const config = loadConfig();
  const logger = createLogger('dev-stripe', config.LOG_LEVEL);
  const stripe = await startStripeServer({
    port: config.STRIPE_PORT,
    host: config.STRIPE_HOST,
    secretKey: config.STRIPE_SECRET_KEY,
    publicUrl: config.STRIPE_PUBLIC_URL,
    dataFile: config.STRIPE_DATA_FILE,
    smtpUrl: config.STRIPE_SMTP_URL,
    webhook: config.STRIPE_WEBHOOK_URL
      ? { url: config.STRIPE_WEBHOOK_URL, secret: config.STRIPE_WEBHOOK_SECRET! }
      : undefined,
    retry: { baseMs: config.STRIPE_WEBHOOK_RETRY_BASE_MS, maxMs: config.STRIPE_WEBHOOK_RETRY_MAX_MS },
    logger,
  });
  logger.info(
    { url: stripe.url, webhook: config.STRIPE_WEBHOOK_URL ?? null, dataFile: config.STRIPE_DATA_FILE ?? null },
    'Stripe stand-in ready',
  );
  onShutdownSignals(logger, [() => stripe.close()]);
});
