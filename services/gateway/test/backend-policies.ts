import type { BillingServiceService } from '@ferry/contracts/billing/v1';
import type { LinkServiceService } from '@ferry/contracts/link/v1';
import type { NotificationServiceService } from '@ferry/contracts/notification/v1';
import { createCallerSigner, GATEWAY_FOR_USER, GATEWAY_SERVICE, LINK_SERVICE, type CallerSigner, type ServicePolicies } from '@ferry/service-kit';
import { testCallerKeys } from '@ferry/service-kit/testing';

/**
 * What the gateway must send each backend RPC: the signed-in user's assertion for owner RPCs, its
 * own for the rest. The stand-in backends enforce it (startTestGrpcServer with policies), so a route
 * that sends the wrong identity fails its test as it would fail against the real service.
 */
export const linkPolicies: ServicePolicies<typeof LinkServiceService> = {
  shorten: GATEWAY_FOR_USER,
  createShortlink: GATEWAY_FOR_USER,
  updateExpiry: GATEWAY_FOR_USER,
  deleteLink: GATEWAY_FOR_USER,
  listLinks: GATEWAY_FOR_USER,
  invalidateLink: GATEWAY_FOR_USER,
  storeOfflineGrant: GATEWAY_FOR_USER,
  deleteOfflineGrant: GATEWAY_FOR_USER,
  resolveLink: GATEWAY_SERVICE,
  resolveLinks: GATEWAY_SERVICE,
  getShareInfo: GATEWAY_SERVICE,
  getSize: GATEWAY_SERVICE,
  getDownloadCount: GATEWAY_SERVICE,
  recordDownloads: GATEWAY_SERVICE,
  watchInvalidations: GATEWAY_SERVICE,
  recordTelemetry: GATEWAY_SERVICE,
};

export const notificationPolicies: ServicePolicies<typeof NotificationServiceService> = {
  sendShareEmail: GATEWAY_FOR_USER,
  logCopyLink: GATEWAY_FOR_USER,
  recordFirstDownload: LINK_SERVICE,
  recordCleanupNeeded: LINK_SERVICE,
};

export const billingPolicies: ServicePolicies<typeof BillingServiceService> = {
  startTrial: GATEWAY_FOR_USER,
  getAccessStatus: GATEWAY_FOR_USER,
  cancelSubscription: GATEWAY_FOR_USER,
  handleStripeEvent: GATEWAY_SERVICE,
};

/** The gateway's signer with the test key the stand-ins trust. */
export function gatewaySigner(): CallerSigner {
  return createCallerSigner({ issuer: 'gateway', privateKey: testCallerKeys().gateway.privateKey });
}
