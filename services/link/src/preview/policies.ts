import type { LinkPreviewServiceService } from '@ferry/contracts/link/v1/preview';
import { GATEWAY_SERVICE, type ServicePolicies } from '@ferry/service-kit';

/** Previews serve the public download page: only the gateway calls them, with its own identity. */
export const previewPolicies: ServicePolicies<typeof LinkPreviewServiceService> = {
  getThumbnail: GATEWAY_SERVICE,
  listZipEntries: GATEWAY_SERVICE,
};
