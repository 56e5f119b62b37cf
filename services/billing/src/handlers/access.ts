import * as grpc from '@grpc/grpc-js';
import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary, unimplemented } from '@ferry/service-kit';
import { cancelledAt } from '../domain/access.js';
import { currentAccess, findSubscription, startTrial } from '../subscriptions.js';
import { requireCaller } from './caller.js';
import type { HandlerDeps } from './deps.js';
import { toAccessStatus } from './to-proto.js';

/** Trial start, access status and cancellation for the signed-in caller. */
export function accessHandlers({ prisma, logger, now }: HandlerDeps): Pick<BillingServiceServer, 'startTrial' | 'getAccessStatus' | 'cancelSubscription'> {
  return {
    startTrial: unary(logger, async (req) => {
      const caller = requireCaller(req.caller);
      const at = now();
      const { subscription, started } = await startTrial(prisma, caller, at);
      if (started) logger.info({ subscriptionId: subscription.id }, 'trial started');
      return { status: toAccessStatus(await currentAccess(prisma, subscription, at)), started };
    }),

    getAccessStatus: unary(logger, async (req) => {
      const caller = requireCaller(req.caller);
      const subscription = await findSubscription(prisma, caller);
      if (!subscription) throw grpcError(grpc.status.NOT_FOUND, 'no subscription for this account');
      return { status: toAccessStatus(await currentAccess(prisma, subscription, now())) };
    }),

    cancelSubscription: unary(logger, async (req) => {
      const caller = requireCaller(req.caller);
      const subscription = await findSubscription(prisma, caller);
      if (!subscription) throw grpcError(grpc.status.NOT_FOUND, 'no subscription for this account');
      if (subscription.stripeSubscriptionId && !subscription.cancelledAt) {
        // Stopping renewal of a paid plan means telling Stripe; no paid plans exist before Stripe is wired.
        throw unimplemented('BillingService.CancelSubscription for a paid Stripe subscription', 'the Stripe payments work');
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
