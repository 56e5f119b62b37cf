import { z } from 'zod';
import { isLinkCode, isSlug, isSubdomain } from '@ferry/rules';
import { isDriveFileId } from '../links/drive-id.js';

/**
 * The product rules on top of the contract's request shapes (@ferry/http-contract): each value
 * schema refuses with the message the API has always answered.
 */
const ruled = (rule: (v: string) => boolean, message: string) => z.string({ error: message }).refine(rule, { message });

export const slugValue = (what = 'slug') =>
  ruled(isSlug, `${what} must be 8 to 16 characters of A-Z, a-z, 0-9, _ or -`);
export const telemetrySlugValue = ruled(isSlug, 'slug is required');
export const linkCodeValue = (what = 'slug') => ruled(isLinkCode, `${what} is not a valid link code`);
export const driveFileIdValue = ruled(isDriveFileId, 'fileId must be a drive file id');
export const subdomainValue = ruled(isSubdomain, 'subdomain must be 1 to 63 characters of a-z, 0-9 and -');
export const ownerValue = z
  .string()
  .refine((v) => v === '' || isSubdomain(v), { message: 'owner must be a subdomain' });
export const sizeIdValue = ruled((v) => isLinkCode(v) || isDriveFileId(v), 'id must be a slug or a drive file id');
/** At most ten years; fractions are cut to whole seconds. */
const ttlMessage = 'ttlSeconds must be a number of seconds';
export const ttlSecondsValue = z
  .number({ error: ttlMessage })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 10 * 365 * 86_400, { message: ttlMessage })
  .transform(Math.floor);
