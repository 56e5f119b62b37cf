import type { BillingServiceService } from '@ferry/contracts/billing/v1';
import { GATEWAY_FOR_USER, GATEWAY_SERVICE, LINK_SERVICE, type ServicePolicies } from '@ferry/service-kit';

/**
 * Who may call each billing RPC: only the gateway, acting for the signed-in user, or with its own
 * identity for Stripe's webhook (whose signature the handler checks as well) and the public plans;
 * an account's erasure comes from the link service, which runs account deletions.
 */
export const billingPolicies: ServicePolicies<typeof BillingServiceService> = {
  startTrial: GATEWAY_FOR_USER,
  getAccessStatus: GATEWAY_FOR_USER,
  cancelSubscription: GATEWAY_FOR_USER,
  handleStripeEvent: GATEWAY_SERVICE,
  listPlans: GATEWAY_SERVICE,
  createCheckoutSession: GATEWAY_FOR_USER,
  createPortalSession: GATEWAY_FOR_USER,
  resumeSubscription: GATEWAY_FOR_USER,
  advanceTestClock: GATEWAY_FOR_USER,
  exportMySubscription: GATEWAY_FOR_USER,
  eraseAccount: LINK_SERVICE,
};
