import type Stripe from 'stripe';
import { unixSeconds, type BillingClock } from '../clock.js';
import type { PrismaClient } from '../db.js';
import { hasLivePaidPlan, paidStartForCheckout, type PaidPlanName } from '../domain/access.js';
import type { Prisma, Subscription } from '../generated/prisma/client.js';
import { trialEndsAt } from '../subscriptions.js';
import type { PlanPriceInfo } from './prices.js';

type Tx = Prisma.TransactionClient;

/** Checkout's and the portal's languages among Ferry's; the others get Stripe's browser choice. */
const STRIPE_LOCALES = new Set(['nl', 'en', 'de', 'fr', 'es', 'it', 'pt', 'sv', 'pl', 'tr', 'ja', 'id']);
export function stripeLocale(language: string): 'auto' | Stripe.Checkout.SessionCreateParams.Locale {
  const lang = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return STRIPE_LOCALES.has(lang) ? (lang as Stripe.Checkout.SessionCreateParams.Locale) : 'auto';
}

/**
 * Stripe Tax: VAT by the billing address the customer gives in Checkout (saved to the customer so
 * that renewals are taxed the same), and an optional VAT number for business customers.
 */
const STRIPE_TAX = {
  automatic_tax: { enabled: true },
  tax_id_collection: { enabled: true },
  customer_update: { address: 'auto', name: 'auto' },
  billing_address_collection: 'required',
} as const satisfies Partial<Stripe.Checkout.SessionCreateParams>;

export class AlreadySubscribedError extends Error {}

export interface CheckoutRequest {
  plan: PaidPlanName;
  price: PlanPriceInfo;
  successUrl: string;
  cancelUrl: string;
  language: string;
}

/**
 * The account's Stripe customer, created once (its e-mail, metadata.ferry_sub; on its own Stripe
 * test clock when the test clock is on). Call under the account's row lock.
 */
export async function ensureCustomer(tx: Tx, stripe: Stripe, clock: BillingClock, row: Subscription): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  let testClock: string | undefined;
  if (clock.testClock) {
    testClock =
      row.stripeTestClockId ??
      (
        await stripe.testHelpers.testClocks.create(
          { frozen_time: unixSeconds(clock.accountNow(row)), name: `ferry ${row.id}` },
          { idempotencyKey: `test-clock/${row.id}` },
        )
      ).id;
    await tx.subscription.update({ where: { id: row.id }, data: { stripeTestClockId: testClock } });
  }
  const customer = await stripe.customers.create(
    { email: row.email, metadata: { ferry_sub: row.sub }, ...(testClock ? { test_clock: testClock } : {}) },
    { idempotencyKey: `customer/${row.id}` },
  );
  await tx.subscription.update({ where: { id: row.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

/**
 * A Checkout session in subscription mode for the account and plan. The same open attempt answers
 * the same session: a double click opens one Checkout (the idempotency key names the account, the
 * plan and the attempt; a new attempt starts only when the last session is no longer open).
 * With more than 2 days of trial left the subscription's trial_end is the trial's end, so paid time
 * starts then and no trial day is lost.
 */
export async function createCheckout(
  prisma: PrismaClient,
  stripe: Stripe,
  clock: BillingClock,
  accountId: string,
  req: CheckoutRequest,
): Promise<{ url: string; id: string }> {
  return prisma.$transaction(
    async (tx: Tx) => {
      await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${accountId}::uuid FOR UPDATE`;
      const row = await tx.subscription.findUniqueOrThrow({ where: { id: accountId } });
      if (hasLivePaidPlan(row)) throw new AlreadySubscribedError('a paid plan is active or scheduled');

      let attempt = row.checkoutAttempt;
      if (row.checkoutSessionId) {
        const last = await stripe.checkout.sessions.retrieve(row.checkoutSessionId);
        if (last.status === 'open' && row.checkoutPlan === req.plan && last.url) return { url: last.url, id: last.id };
        attempt += 1;
      }
      const customer = await ensureCustomer(tx, stripe, clock, row);
      const paidStart = paidStartForCheckout({ trialEndsAt: trialEndsAt(row) }, clock.accountNow(row));
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          client_reference_id: row.sub,
          line_items: [{ price: req.price.priceId, quantity: 1 }],
          subscription_data: {
            metadata: { ferry_sub: row.sub },
            ...(paidStart ? { trial_end: unixSeconds(paidStart) } : {}),
          },
          metadata: { ferry_sub: row.sub },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          locale: stripeLocale(req.language),
          ...STRIPE_TAX,
        },
        { idempotencyKey: `checkout/${row.id}/${req.plan}/${attempt}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout session without a url');
      await tx.subscription.update({
        where: { id: row.id },
        data: {
          checkoutSessionId: session.id,
          checkoutPlan: req.plan,
          checkoutAttempt: attempt,
          checkoutOpenedAt: clock.wallNow(),
        },
      });
      return { url: session.url, id: session.id };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
