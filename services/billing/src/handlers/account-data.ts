import * as grpc from '@grpc/grpc-js';
import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { findSubscription } from '../subscriptions.js';
import { requireCaller } from './caller.js';
import type { HandlerDeps } from './deps.js';

/**
 * An account's billing data: its export (for the signed-in user) and its erasure (for the link
 * service's account deletion: the subscription ends at Stripe now, then Ferry's row goes).
 */
export function accountDataHandlers({
  prisma,
  logger,
  stripe,
}: HandlerDeps): Pick<BillingServiceServer, 'exportMySubscription' | 'eraseAccount'> {
  /** Cancels every subscription of the customer Stripe still runs; a repeat finds none and changes nothing. */
  async function cancelAtStripe(customerId: string): Promise<number> {
    if (!stripe) return 0;
    let cancelled = 0;
    try {
      // Without `status`, Stripe lists the subscriptions that have not ended (not canceled, not incomplete_expired).
      for await (const sub of stripe.subscriptions.list({ customer: customerId, limit: 100 })) {
        await stripe.subscriptions.cancel(sub.id);
        cancelled++;
      }
    } catch (err) {
      logger.warn({ error: err instanceof Error ? err.message : String(err) }, 'stripe cancel for an erasure failed');
      throw grpcError(grpc.status.UNAVAILABLE, 'the payment provider did not accept the cancellation');
    }
    return cancelled;
  }

  return {
    exportMySubscription: unary(logger, async (_req, call) => {
      const s = await findSubscription(prisma, requireCaller(call));
      if (!s) return {};
      return {
        subscription: {
          plan: s.plan.toLowerCase(),
          phase: s.phase.toLowerCase(),
          trialStartedAt: s.trialStartedAt ?? undefined,
          trialEndsAt: s.trialEndsAt ?? undefined,
          currentPeriodStart: s.currentPeriodStart,
          paidUntil: s.paidUntil,
          cancelledAt: s.cancelledAt ?? undefined,
          stripeStatus: s.stripeStatus ?? '',
          stripeCustomerId: s.stripeCustomerId ?? '',
          stripeSubscriptionId: s.stripeSubscriptionId ?? '',
          createdAt: s.createdAt,
        },
      };
    }),

    eraseAccount: unary(logger, async (req) => {
      const sub = req.sub.trim();
      if (!sub) throw grpcError(grpc.status.INVALID_ARGUMENT, 'sub is required');
      const row = await prisma.subscription.findUnique({ where: { sub } });
      if (!row) return { stripeCancelled: false, deleted: false };
      if (row.stripeSubscriptionId && !stripe && row.stripeStatus !== 'canceled')
        logger.warn(
          { subscriptionId: row.id },
          'STRIPE_SECRET_KEY is not set: erased in Ferry only, Stripe is not told',
        );
      const cancelled = row.stripeCustomerId ? await cancelAtStripe(row.stripeCustomerId) : 0;
      const { count } = await prisma.subscription.deleteMany({ where: { sub } });
      logger.info({ subscriptionId: row.id, stripeCancelled: cancelled }, 'account billing data erased');
      return { stripeCancelled: cancelled > 0, deleted: count > 0 };
    }),
  };
}
