import * as grpc from '@grpc/grpc-js';
import { Plan, type BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type Stripe from 'stripe';
import { unixSeconds } from '../clock.js';
import type { PaidPlanName } from '../domain/access.js';
import { AlreadySubscribedError, createCheckout, stripeLocale } from '../stripe/checkout.js';
import { lookupPrices, PRICES, type PlanPriceInfo } from '../stripe/prices.js';
import { syncSubscription } from '../stripe/sync.js';
import { currentAccess, findSubscription } from '../subscriptions.js';
import { requireCaller } from './caller.js';
import type { HandlerDeps } from './deps.js';
import { plans, toAccessStatus } from './to-proto.js';

type SubscribeRpcs = 'listPlans' | 'createCheckoutSession' | 'createPortalSession' | 'advanceTestClock';

const PRICE_CACHE_MS = 5 * 60_000;
/** The longest single move of a test clock (Stripe allows two billing intervals; five years covers every test). */
const MAX_ADVANCE_S = 5 * 366 * 86_400;
const paidPlans: Partial<Record<Plan, PaidPlanName>> = { [Plan.PLAN_MONTHLY]: 'MONTHLY', [Plan.PLAN_YEARLY]: 'YEARLY' };

function httpUrl(value: string, field: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // answered below
  }
  throw grpcError(grpc.status.INVALID_ARGUMENT, `${field} must be an http(s) URL`);
}

/** Plans, Checkout, the customer portal and the test clock. */
export function subscribeHandlers(
  deps: HandlerDeps & { payments: boolean },
): Pick<BillingServiceServer, SubscribeRpcs> {
  const { prisma, logger, clock, stripe, payments } = deps;
  let cached: { at: number; prices: Partial<Record<PaidPlanName, PlanPriceInfo>> } | undefined;

  function requireStripe(): Stripe {
    if (!payments || !stripe)
      throw grpcError(grpc.status.FAILED_PRECONDITION, 'payments are not enabled (BILLING_PAYMENTS=off)');
    return stripe;
  }

  async function prices(): Promise<Partial<Record<PaidPlanName, PlanPriceInfo>>> {
    const s = requireStripe();
    if (
      cached &&
      Date.now() - cached.at < PRICE_CACHE_MS &&
      Object.keys(cached.prices).length === Object.keys(PRICES).length
    )
      return cached.prices;
    try {
      cached = { at: Date.now(), prices: await lookupPrices(s) };
    } catch (err) {
      logger.error({ error: err instanceof Error ? err.message : String(err) }, 'stripe prices unavailable');
      throw grpcError(grpc.status.UNAVAILABLE, 'the payment provider did not answer');
    }
    return cached.prices;
  }

  async function requireSubscription(call: object) {
    const subscription = await findSubscription(prisma, requireCaller(call));
    if (!subscription) throw grpcError(grpc.status.NOT_FOUND, 'no subscription for this account');
    return subscription;
  }

  /** Moves the account's Stripe test clock to the account's now and waits until Stripe has run what fell due. */
  async function advanceStripeClock(s: Stripe, testClockId: string, to: Date): Promise<void> {
    const current = await s.testHelpers.testClocks.retrieve(testClockId);
    if (current.frozen_time >= unixSeconds(to)) return;
    await s.testHelpers.testClocks.advance(testClockId, { frozen_time: unixSeconds(to) });
    for (let i = 0; i < 300; i++) {
      const clk = await s.testHelpers.testClocks.retrieve(testClockId);
      if (clk.status === 'ready') return;
      if (clk.status === 'internal_failure') throw new Error(`Stripe test clock ${testClockId} failed to advance`);
      await sleep(100);
    }
    throw new Error(`Stripe test clock ${testClockId} still advancing after 30 s`);
  }

  return {
    listPlans: unary(logger, async () => {
      if (!payments) return { plans: [] };
      const found = await prices();
      return {
        plans: Object.values(found).map((p) => ({
          plan: plans[p.plan],
          unitAmount: String(p.unitAmount),
          currency: p.currency,
          interval: p.interval,
          bestValue: p.bestValue,
        })),
      };
    }),

    createCheckoutSession: unary(logger, async (req, call) => {
      const plan = paidPlans[req.plan];
      if (!plan) throw grpcError(grpc.status.INVALID_ARGUMENT, 'plan must be PLAN_MONTHLY or PLAN_YEARLY');
      const successUrl = httpUrl(req.successUrl, 'success_url');
      const cancelUrl = httpUrl(req.cancelUrl, 'cancel_url');
      const s = requireStripe();
      const subscription = await requireSubscription(call);
      const price = (await prices())[plan];
      if (!price)
        throw grpcError(
          grpc.status.FAILED_PRECONDITION,
          `no Stripe price for ${plan} (run npm run stripe:setup -w @ferry/billing)`,
        );
      try {
        const session = await createCheckout(prisma, s, clock, subscription.id, {
          plan,
          price,
          successUrl,
          cancelUrl,
          language: req.language,
        });
        logger.info({ subscriptionId: subscription.id, plan, session: session.id }, 'checkout session ready');
        return { url: session.url, sessionId: session.id };
      } catch (err) {
        if (err instanceof AlreadySubscribedError)
          throw grpcError(grpc.status.ALREADY_EXISTS, 'a paid plan is already active or scheduled');
        logger.error(
          { subscriptionId: subscription.id, error: err instanceof Error ? err.message : String(err) },
          'checkout failed',
        );
        throw grpcError(grpc.status.UNAVAILABLE, 'the payment provider did not open a Checkout');
      }
    }),

    createPortalSession: unary(logger, async (req, call) => {
      const returnUrl = httpUrl(req.returnUrl, 'return_url');
      const s = requireStripe();
      const subscription = await requireSubscription(call);
      if (!subscription.stripeCustomerId)
        throw grpcError(
          grpc.status.FAILED_PRECONDITION,
          'this account has no billing account at the payment provider yet',
        );
      try {
        const locale = stripeLocale(req.language);
        // A double click within the minute opens the same portal session.
        const minute = Math.floor(clock.wallNow().getTime() / 60_000);
        const params = createHash('sha256').update(`${returnUrl}\n${locale}`).digest('hex').slice(0, 16);
        const session = await s.billingPortal.sessions.create(
          {
            customer: subscription.stripeCustomerId,
            return_url: returnUrl,
            ...(locale !== 'auto' ? { locale: locale as Stripe.BillingPortal.SessionCreateParams.Locale } : {}),
          },
          { idempotencyKey: `portal/${subscription.id}/${minute}/${params}` },
        );
        return { url: session.url };
      } catch (err) {
        logger.error(
          { subscriptionId: subscription.id, error: err instanceof Error ? err.message : String(err) },
          'portal session failed',
        );
        throw grpcError(grpc.status.UNAVAILABLE, 'the payment provider did not open the portal');
      }
    }),

    advanceTestClock: unary(logger, async (req, call) => {
      if (!clock.testClock)
        throw grpcError(grpc.status.FAILED_PRECONDITION, 'the test clock is off (BILLING_TEST_CLOCK)');
      const seconds = Number(req.seconds);
      if (!Number.isInteger(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_S) {
        throw grpcError(grpc.status.INVALID_ARGUMENT, `seconds must be a whole number from 1 to ${MAX_ADVANCE_S}`);
      }
      const subscription = await requireSubscription(call);
      let row = await prisma.subscription.update({
        where: { id: subscription.id },
        data: { clockOffsetMs: { increment: BigInt(seconds) * 1000n } },
      });
      const now = clock.accountNow(row);
      if (stripe && row.stripeTestClockId) {
        try {
          await advanceStripeClock(stripe, row.stripeTestClockId, now);
          if (row.stripeSubscriptionId)
            await syncSubscription(prisma, stripe, row.id, row.stripeSubscriptionId, (r) => clock.accountNow(r));
        } catch (err) {
          logger.error(
            { subscriptionId: row.id, error: err instanceof Error ? err.message : String(err) },
            'stripe test clock failed',
          );
          throw grpcError(grpc.status.UNAVAILABLE, 'the payment provider did not move its test clock');
        }
        row = await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
      }
      await deps.remindAccount(row.id);
      logger.info({ subscriptionId: row.id, seconds, now: now.toISOString() }, 'test clock advanced');
      return {
        status: toAccessStatus(await currentAccess(prisma, row, clock.accountNow(row))),
        now: clock.accountNow(row),
      };
    }),
  };
}
