import { createLogger, parseEnv, runMain } from '@ferry/service-kit';
import { z } from 'zod';
import { createStripeClient } from './client.js';
import { ensurePrices } from './prices.js';

// npm run stripe:setup -w @ferry/billing: the product and prices at Stripe (or the stand-in), idempotently.
runMain('billing-stripe-setup', async () => {
  const env = parseEnv(
    z.object({
      STRIPE_SECRET_KEY: z.string().trim().min(1),
      STRIPE_API_URL: z.url().optional(),
      LOG_LEVEL: z.string().optional(),
    }),
  );
  const logger = createLogger('billing-stripe-setup', env.LOG_LEVEL);
  const prices = await ensurePrices(createStripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL));
  logger.info(
    {
      prices: Object.values(prices).map((p) => ({
        plan: p.plan,
        id: p.priceId,
        amount: p.unitAmount,
        interval: p.interval,
      })),
    },
    'stripe prices ready',
  );
});
