import * as grpc from '@grpc/grpc-js';
import type { BillingServiceServer } from '@ferry/contracts/billing/v1';
import { grpcError, unary } from '@ferry/service-kit';
import type { HandlerDeps } from './deps.js';

type SubscribeRpcs = 'listPlans' | 'createCheckoutSession' | 'createPortalSession' | 'resumeSubscription' | 'advanceTestClock';

/** Plans, Checkout, the customer portal, resume and the test clock. */
export function subscribeHandlers({ logger }: HandlerDeps): Pick<BillingServiceServer, SubscribeRpcs> {
  const pending = unary(logger, async () => {
    throw grpcError(grpc.status.UNIMPLEMENTED, 'not implemented yet');
  });
  return { listPlans: pending, createCheckoutSession: pending, createPortalSession: pending, resumeSubscription: pending, advanceTestClock: pending };
}
