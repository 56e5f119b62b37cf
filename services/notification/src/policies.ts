import type { NotificationServiceService } from '@ferry/contracts/notification/v1';
import {
  BILLING_SERVICE,
  GATEWAY_FOR_USER,
  GATEWAY_SERVICE,
  LINK_SERVICE,
  type ServicePolicies,
} from '@ferry/service-kit';

/** Who may call each notification RPC: shares act for the signed-in sender; first downloads come from the link service; account notices from billing; visitors' feedback from the gateway itself; a user's export acts for that user, and an account's erasure and last mail come from the link service's account deletion. */
export const notificationPolicies: ServicePolicies<typeof NotificationServiceService> = {
  sendShareEmail: GATEWAY_FOR_USER,
  logCopyLink: GATEWAY_FOR_USER,
  recordFirstDownload: LINK_SERVICE,
  recordCleanupNeeded: LINK_SERVICE,
  sendAccountNotice: BILLING_SERVICE,
  sendFeedback: GATEWAY_SERVICE,
  sendMoreTimeRequest: GATEWAY_SERVICE,
  exportMyMail: GATEWAY_FOR_USER,
  eraseAccountMail: LINK_SERVICE,
  sendAccountDeleted: LINK_SERVICE,
  sendAbuseReport: GATEWAY_SERVICE,
};
