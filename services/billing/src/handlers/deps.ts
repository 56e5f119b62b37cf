import type { Logger } from '@ferry/service-kit';
import type Stripe from 'stripe';
import type { PrismaClient } from '../db.js';

/** What every handler group may use. */
export interface HandlerDeps {
  prisma: PrismaClient;
  logger: Logger;
  now: () => Date;
  /** STRIPE_WEBHOOK_SECRET (whsec_…); without it HandleStripeEvent answers FAILED_PRECONDITION. */
  stripeWebhookSecret?: string;
  /** Stripe API client (STRIPE_SECRET_KEY); without it a paid subscription is cancelled locally only. */
  stripe?: Stripe;
}
