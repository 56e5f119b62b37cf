import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { notImplemented } from '@ferry/service-kit';
import type { HandlerDeps } from './deps.js';

/** Stripe webhook deliveries forwarded by the gateway. */
export function stripeHandlers(_deps: HandlerDeps): Pick<BillingServiceServer, 'handleStripeEvent'> {
  return {
    handleStripeEvent: notImplemented('BillingService.HandleStripeEvent', 'the Stripe payments work'),
  };
}
