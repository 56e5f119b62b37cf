import * as grpc from '@grpc/grpc-js';
import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { cancelledAt } from '../domain/access.js';
import { currentAccess, findSubscription, startTrial } from '../subscriptions.js';
import { requireCaller } from './caller.js';
import type { HandlerDeps } from './deps.js';
import { toAccessStatus } from './to-proto.js';

/** Trial start, access status and cancellation for the signed-in caller. */
export function accessHandlers({ prisma, logger, now, stripe }: HandlerDeps): Pick<BillingServiceServer, 'startTrial' | 'getAccessStatus' | 'cancelSubscription'> {
  return {
    startTrial: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const at = now();
      const { subscription, started } = await startTrial(prisma, caller, at);
      if (started) logger.info({ subscriptionId: subscription.id }, 'trial started');
      return { status: toAccessStatus(await currentAccess(prisma, subscription, at)), started };
    }),

    getAccessStatus: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const subscription = await findSubscription(prisma, caller);
      if (!subscription) throw grpcError(grpc.status.NOT_FOUND, 'no subscription for this account');
      return { status: toAccessStatus(await currentAccess(prisma, subscription, now())) };
    }),

    cancelSubscription: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const subscription = await findSubscription(prisma, caller);
      if (!subscription) throw grpcError(grpc.status.NOT_FOUND, 'no subscription for this account');
      if (subscription.stripeSubscriptionId && !subscription.cancelledAt) {
        // A paid plan stops renewing at Stripe: access stays until the period end (cancel_at_period_end).
        if (stripe) {
          try {
            await stripe.subscriptions.update(subscription.stripeSubscriptionId, { cancel_at_period_end: true });
          } catch (err) {
            logger.error({ subscriptionId: subscription.id, error: err instanceof Error ? err.message : String(err) }, 'stripe cancel failed');
            throw grpcError(grpc.status.UNAVAILABLE, 'the payment provider did not accept the cancellation');
          }
        } else {
          logger.warn({ subscriptionId: subscription.id }, 'STRIPE_SECRET_KEY is not set: cancelled in Ferry only, Stripe is not told');
        }
      }
      const at = now();
      const updated = subscription.cancelledAt
        ? subscription
        : await prisma.subscription.update({ where: { id: subscription.id }, data: { cancelledAt: cancelledAt(subscription, at) } });
      if (!subscription.cancelledAt) logger.info({ subscriptionId: subscription.id }, 'subscription cancelled');
      return { status: toAccessStatus(await currentAccess(prisma, updated, at)) };
    }),
  };
}
