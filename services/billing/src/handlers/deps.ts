import type { Logger } from '@ferry/service-kit';
import type Stripe from 'stripe';
import type { BillingClock } from '../clock.js';
import type { PrismaClient } from '../db.js';

/** What every handler group may use. */
export interface HandlerDeps {
  prisma: PrismaClient;
  logger: Logger;
  /** Every "now": the wall clock, and each account's (moved by AdvanceTestClock when the test clock is on). */
  clock: BillingClock;
  /** STRIPE_WEBHOOK_SECRET (whsec_…); without it HandleStripeEvent answers FAILED_PRECONDITION. */
  stripeWebhookSecret?: string;
  /** Stripe API client (STRIPE_SECRET_KEY); without it there are no payments and a cancel is recorded in Ferry only. */
  stripe?: Stripe;
  /** Sends the trial reminder due for this account now, if any (after its clock moved). */
  remindAccount(id: string): Promise<unknown>;
}

/** BCP 47 language tag as the screens send it ("de", "pt-BR"); anything else is not kept. */
export function languageTag(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  return /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8}){0,3}$/.test(v) ? v : null;
}
