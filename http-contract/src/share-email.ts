import { z } from 'zod';
import { text } from './fields.js';

/** Recipients of any other type read as none (the `invalid_recipients` refusal). */
const recipientList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .catch(() => []);

/**
 * POST /api/share-email (spec §7). The link is named by `slug` (or `shortId`, `code`) or by a
 * download URL on Ferry's origin; the sender is always the signed-in user. `via: "copy"` only
 * logs that the link was copied.
 */
export const ShareEmailBody = z.object({
  via: text.describe('"copy": log a copied link, send nothing'),
  link: text.describe('With via "copy": the copied link'),
  slug: text,
  shortId: text.describe('Alias of slug'),
  code: text.describe('Alias of slug'),
  downloadUrl: text.describe('A link on Ferry’s origin, when no slug is given'),
  shareUrl: text.describe('Alias of downloadUrl'),
  shortUrl: text.describe('Alias of downloadUrl'),
  receiverDynamicData: z
    .object({ downloadPageUrl: text, preferredPageUrl: text, fileDownloadUrl: text })
    .optional()
    .catch(undefined),
  recipients: recipientList.describe('Addresses, or one text of addresses separated by commas, semicolons or spaces'),
  recipientsCsv: recipientList.describe('Alias of recipients'),
  to: recipientList.describe('Alias of recipients'),
  message: text.describe('At most 2,000 characters, no control characters'),
  note: text.describe('Alias of message'),
  fileName: text,
  requestId: text.describe('A UUID that makes a repeated send idempotent'),
  locale: text.describe('The sender’s language, for their copy'),
  lng: text.describe('Alias of locale'),
  uploaderLocale: text.describe('Alias of locale'),
  recipientLocale: text.describe(
    'The recipients’ language (the receiver mail and the link’s ?lng=); absent = the sender’s',
  ),
});
/** What a client sends (the fields are all optional in the schema; the gateway says which it needs). */
export type ShareEmailBody = z.input<typeof ShareEmailBody>;
/** The body as the gateway reads it (wrongly typed fields dropped). */
export type ShareEmailInput = z.output<typeof ShareEmailBody>;

export const ShareEmailResponse = z.strictObject({
  ok: z.literal(true),
  message: z.string(),
  shareRequestId: z.uuid(),
  recipients: z.array(z.string()),
  fileName: z.string(),
  downloadUrl: z.url(),
});
export type ShareEmailResponse = z.infer<typeof ShareEmailResponse>;

export const CopyLoggedResponse = z.strictObject({ ok: z.literal(true) });
export type CopyLoggedResponse = z.infer<typeof CopyLoggedResponse>;
