import type { LinkServiceService } from '@ferry/contracts/link/v1';
import { GATEWAY_FOR_ADMIN, GATEWAY_FOR_USER, GATEWAY_SERVICE, type ServicePolicies } from '@ferry/service-kit';

/**
 * Who may call each link RPC. Owner operations act for the signed-in user the gateway vouches for;
 * the rest serve public pages, the redirect path and the gateway's batches with its own identity.
 * Administrators' RPCs need the gateway's assertion of a user it verified as an administrator.
 */
export const linkPolicies: ServicePolicies<typeof LinkServiceService> = {
  shorten: GATEWAY_FOR_USER,
  createShortlink: GATEWAY_FOR_USER,
  updateExpiry: GATEWAY_FOR_USER,
  deleteLink: GATEWAY_FOR_USER,
  listLinks: GATEWAY_FOR_USER,
  storeOfflineGrant: GATEWAY_FOR_USER,
  deleteOfflineGrant: GATEWAY_FOR_USER,
  invalidateLink: GATEWAY_FOR_USER,
  setLinkAccess: GATEWAY_FOR_USER,
  getLinkStats: GATEWAY_FOR_USER,
  exportMyLinks: GATEWAY_FOR_USER,
  deleteMyAccount: GATEWAY_FOR_USER,
  getAccountDeletion: GATEWAY_FOR_USER,
  cutOffSessions: GATEWAY_FOR_USER,
  admitSession: GATEWAY_FOR_USER,
  getSessionCutoff: GATEWAY_FOR_USER,
  resolveLink: GATEWAY_SERVICE,
  resolveLinks: GATEWAY_SERVICE,
  getShareInfo: GATEWAY_SERVICE,
  getSize: GATEWAY_SERVICE,
  getDownloadCount: GATEWAY_SERVICE,
  recordDownloads: GATEWAY_SERVICE,
  watchInvalidations: GATEWAY_SERVICE,
  recordTelemetry: GATEWAY_SERVICE,
  unlockLink: GATEWAY_SERVICE,
  claimDownload: GATEWAY_SERVICE,
  getLinkOwner: GATEWAY_SERVICE,
  reportAbuse: GATEWAY_SERVICE,
  getAccountStanding: GATEWAY_FOR_USER,
  listAbuseReports: GATEWAY_FOR_ADMIN,
  disableLink: GATEWAY_FOR_ADMIN,
  restoreLink: GATEWAY_FOR_ADMIN,
  suspendAccount: GATEWAY_FOR_ADMIN,
  restoreAccount: GATEWAY_FOR_ADMIN,
  listSuspensions: GATEWAY_FOR_ADMIN,
  listAuditLog: GATEWAY_FOR_ADMIN,
};
