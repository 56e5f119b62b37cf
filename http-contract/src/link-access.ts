import { z } from 'zod';
import { isoTime, text } from './fields.js';

/**
 * PUT /api/links/{slug}/access: the owner sets, changes or removes the link's password and download
 * limit. An absent field stays as it is; `null` (or `""` for the password, 0 for the limit) removes it.
 */
export const LinkAccessBody = z.strictObject({
  password: z
    .union([z.string(), z.null()])
    .optional()
    .describe('4 to 128 characters; null or "" removes the password; absent keeps it'),
  downloadLimit: z
    .union([z.number().int().min(0).max(100_000), z.null()])
    .optional()
    .describe('Downloads allowed in all (1 to 100,000), above the downloads already made; null or 0 removes the limit'),
});
export type LinkAccessBody = z.input<typeof LinkAccessBody>;

export const LinkAccessResponse = z.strictObject({
  slug: z.string(),
  passwordProtected: z.boolean(),
  downloadLimit: z.number().int().positive().nullable(),
  downloads: z.number().int().nonnegative(),
});
export type LinkAccessResponse = z.infer<typeof LinkAccessResponse>;

/** POST /api/links/{slug}/unlock: a recipient's password for a protected link. */
export const UnlockBody = z.object({ password: z.string().max(512).describe('The password the sender set') });
export type UnlockBody = z.input<typeof UnlockBody>;

export const UnlockResponse = z.strictObject({
  downloadUrl: z.url().describe('The download through a single-use token (GET it once, within a minute)'),
  expiresAt: isoTime,
});
export type UnlockResponse = z.infer<typeof UnlockResponse>;

/** POST /api/links/{slug}/more-time: a recipient asks the sender for more time (less than 24 h left). */
export const MoreTimeBody = z.object({
  name: text.describe('Optional: who asks (at most 80 characters, one line)'),
  message: text.describe('Optional: a short message (at most 500 characters)'),
  requestId: text.describe('A UUID that makes a repeated send idempotent'),
});
export type MoreTimeBody = z.input<typeof MoreTimeBody>;
export type MoreTimeInput = z.output<typeof MoreTimeBody>;

export const MoreTimeResponse = z.strictObject({ ok: z.literal(true), requestId: z.uuid() });
export type MoreTimeResponse = z.infer<typeof MoreTimeResponse>;

/** GET /api/actions/extend: the signed one-click "+1 day" of a mail to the sender. */
export const ExtendActionQuery = z.object({
  token: text.describe('The signed action (payload.signature, base64url)'),
  lng: text.describe('The page’s language'),
});
export type ExtendActionQuery = z.output<typeof ExtendActionQuery>;
