import * as grpc from '@grpc/grpc-js';
import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { cancelledAt, hasLivePaidPlan } from '../domain/access.js';
import { confirmCheckout, syncSubscription } from '../stripe/sync.js';
import { currentAccess, findSubscription, rememberLanguage, startTrial } from '../subscriptions.js';
import { requireCaller } from './caller.js';
import { languageTag, type HandlerDeps } from './deps.js';
import { toAccessStatus } from './to-proto.js';

/** Trial start, access status, cancellation and resume for the signed-in caller. */
export function accessHandlers({
  prisma,
  logger,
  clock,
  stripe,
}: HandlerDeps): Pick<
  BillingServiceServer,
  'startTrial' | 'getAccessStatus' | 'cancelSubscription' | 'resumeSubscription'
> {
  async function requireSubscription(call: object) {
    const subscription = await findSubscription(prisma, requireCaller(call));
    if (!subscription) throw grpcError(grpc.status.NOT_FOUND, 'no subscription for this account');
    return subscription;
  }

  /** Sets cancel_at_period_end at Stripe and stores what Stripe answers. */
  async function setRenewalCancelled(subscription: Awaited<ReturnType<typeof requireSubscription>>, cancel: boolean) {
    if (!stripe) throw grpcError(grpc.status.FAILED_PRECONDITION, 'payments are not configured');
    try {
      await stripe.subscriptions.update(subscription.stripeSubscriptionId!, { cancel_at_period_end: cancel });
      await syncSubscription(prisma, stripe, subscription.id, subscription.stripeSubscriptionId!, (row) =>
        clock.accountNow(row),
      );
    } catch (err) {
      logger.error(
        { subscriptionId: subscription.id, error: err instanceof Error ? err.message : String(err) },
        cancel ? 'stripe cancel failed' : 'stripe resume failed',
      );
      throw grpcError(
        grpc.status.UNAVAILABLE,
        `the payment provider did not accept the ${cancel ? 'cancellation' : 'resumption'}`,
      );
    }
    return prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
  }

  return {
    startTrial: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const { subscription, started } = await startTrial(prisma, caller, clock.wallNow(), languageTag(req.language));
      if (started) logger.info({ subscriptionId: subscription.id }, 'trial started');
      return {
        status: toAccessStatus(await currentAccess(prisma, subscription, clock.accountNow(subscription))),
        started,
      };
    }),

    getAccessStatus: unary(logger, async (req, call) => {
      let subscription = await rememberLanguage(prisma, await requireSubscription(call), languageTag(req.language));
      if (stripe) {
        try {
          if (await confirmCheckout(prisma, stripe, subscription, clock.wallNow(), (row) => clock.accountNow(row))) {
            subscription = await prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
          }
        } catch (err) {
          // The status answers from what is stored; the webhook brings the rest.
          logger.warn(
            { subscriptionId: subscription.id, error: err instanceof Error ? err.message : String(err) },
            'checkout confirmation failed',
          );
        }
      }
      return { status: toAccessStatus(await currentAccess(prisma, subscription, clock.accountNow(subscription))) };
    }),

    cancelSubscription: unary(logger, async (_req, call) => {
      const subscription = await requireSubscription(call);
      let updated = subscription;
      if (hasLivePaidPlan(subscription) && subscription.stripeSubscriptionId) {
        // A paid plan stops renewing at Stripe: access stays until the period end (cancel_at_period_end).
        if (stripe) updated = await setRenewalCancelled(subscription, true);
        else
          logger.warn(
            { subscriptionId: subscription.id },
            'STRIPE_SECRET_KEY is not set: cancelled in Ferry only, Stripe is not told',
          );
      }
      if (!updated.cancelledAt) {
        updated = await prisma.subscription.update({
          where: { id: subscription.id },
          data: { cancelledAt: cancelledAt(subscription, clock.accountNow(subscription)) },
        });
      }
      if (!subscription.cancelledAt) logger.info({ subscriptionId: subscription.id }, 'subscription cancelled');
      return { status: toAccessStatus(await currentAccess(prisma, updated, clock.accountNow(updated))) };
    }),

    resumeSubscription: unary(logger, async (_req, call) => {
      const subscription = await requireSubscription(call);
      const access = await currentAccess(prisma, subscription, clock.accountNow(subscription));
      if (access.state !== 'CANCELLED')
        throw grpcError(
          grpc.status.FAILED_PRECONDITION,
          'nothing to resume: the plan is not cancelled, or it has ended',
        );
      let updated = subscription;
      if (hasLivePaidPlan(subscription) && subscription.stripeSubscriptionId && stripe)
        updated = await setRenewalCancelled(subscription, false);
      if (updated.cancelledAt)
        updated = await prisma.subscription.update({ where: { id: subscription.id }, data: { cancelledAt: null } });
      logger.info({ subscriptionId: subscription.id }, 'subscription resumed');
      return { status: toAccessStatus(await currentAccess(prisma, updated, clock.accountNow(updated))) };
    }),
  };
}
