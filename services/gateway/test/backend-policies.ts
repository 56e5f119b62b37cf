import { createCallerSigner, type CallerSigner } from '@ferry/service-kit';
import { testCallerKeys } from '@ferry/service-kit/testing';

/**
 * What the gateway must send each backend RPC: the services' own policy tables, so a route that
 * sends the wrong identity fails its test as it would fail against the real service. The stand-in
 * backends enforce them (startTestGrpcServer with policies).
 */
export { billingPolicies } from '@ferry/billing/policies';
export { linkPolicies } from '@ferry/link/policies';
export { notificationPolicies } from '@ferry/notification/policies';

/** The gateway's signer with the test key the stand-ins trust. */
export function gatewaySigner(): CallerSigner {
  return createCallerSigner({ issuer: 'gateway', privateKey: testCallerKeys().gateway.privateKey });
}
