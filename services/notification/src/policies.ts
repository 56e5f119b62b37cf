import type { NotificationServiceService } from '@ferry/contracts/notification/v1';
import { GATEWAY_FOR_USER, LINK_SERVICE, type ServicePolicies } from '@ferry/service-kit';

/** Who may call each notification RPC: shares act for the signed-in sender; first downloads come from the link service. */
export const notificationPolicies: ServicePolicies<typeof NotificationServiceService> = {
  sendShareEmail: GATEWAY_FOR_USER,
  logCopyLink: GATEWAY_FOR_USER,
  recordFirstDownload: LINK_SERVICE,
  recordCleanupNeeded: LINK_SERVICE,
};
