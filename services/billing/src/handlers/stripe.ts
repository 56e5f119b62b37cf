import * as grpc from '@grpc/grpc-js';
import Stripe from 'stripe';
import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { applyStripeEvent, type StripeEventLike } from '../stripe/events.js';
import { isUniqueViolation } from '../subscriptions.js';
import type { HandlerDeps } from './deps.js';

/** Stripe's default: a signature older than 5 minutes is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The signing time of a Stripe-Signature header, read as stripe-node reads it (the last `t=`), or
 * undefined. stripe-node checks only the past (`now - t > tolerance`); a signature dated ahead would
 * stay replayable until then, so the future is checked here with the same tolerance.
 */
function signedAtSeconds(header: string): number | undefined {
  let t: number | undefined;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = Number.parseInt(value ?? '', 10);
  }
  return t !== undefined && Number.isFinite(t) ? t : undefined;
}

/**
 * Stripe webhook deliveries forwarded by the gateway (raw body + Stripe-Signature). Verified with
 * STRIPE_WEBHOOK_SECRET (FAILED_PRECONDITION when unset), processed once per event id.
 */
export function stripeHandlers({
  prisma,
  logger,
  clock,
  stripe,
  stripeWebhookSecret,
}: HandlerDeps): Pick<BillingServiceServer, 'handleStripeEvent'> {
  return {
    handleStripeEvent: unary(logger, async (req) => {
      if (!stripeWebhookSecret)
        throw grpcError(
          grpc.status.FAILED_PRECONDITION,
          'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)',
        );
      if (!req.signature) throw grpcError(grpc.status.INVALID_ARGUMENT, 'missing Stripe-Signature');
      // Signatures are checked against the wall clock: test clocks move accounts, not Stripe's signing time.
      const at = clock.wallNow();
      let event: StripeEventLike;
      try {
        event = Stripe.webhooks.constructEvent(
          Buffer.from(req.payload),
          req.signature,
          stripeWebhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          at.getTime(), // receivedAt, in milliseconds
        ) as unknown as StripeEventLike;
      } catch (err) {
        logger.warn({ error: err instanceof Error ? err.message : String(err) }, 'stripe webhook signature rejected');
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'invalid Stripe signature');
      }
      const signedAt = signedAtSeconds(req.signature);
      if (signedAt === undefined || signedAt - Math.floor(at.getTime() / 1000) > SIGNATURE_TOLERANCE_SECONDS) {
        logger.warn({ signedAt }, 'stripe webhook signature rejected: dated in the future');
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'invalid Stripe signature');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string')
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a Stripe event');

      if (await prisma.processedStripeEvent.findUnique({ where: { id: event.id } })) {
        return { eventId: event.id, duplicate: true };
      }
      // Claim the id first: of two concurrent deliveries only one applies the event.
      try {
        await prisma.processedStripeEvent.create({ data: { id: event.id, type: event.type, processedAt: at } });
      } catch (err) {
        if (isUniqueViolation(err)) return { eventId: event.id, duplicate: true };
        throw err;
      }
      try {
        const outcome = await applyStripeEvent(prisma, stripe, event, (row) => clock.accountNow(row));
        logger.info({ eventId: event.id, type: event.type, ...outcome }, 'stripe event processed');
      } catch (err) {
        // Let Stripe retry: forget the claim when applying failed.
        await prisma.processedStripeEvent.delete({ where: { id: event.id } }).catch(() => undefined);
        logger.warn(
          { eventId: event.id, type: event.type, error: err instanceof Error ? err.message : String(err) },
          'stripe event failed; Stripe will retry',
        );
        throw grpcError(grpc.status.UNAVAILABLE, 'the event could not be applied now; retry later');
      }
      return { eventId: event.id, duplicate: false };
    }),
  };
}
