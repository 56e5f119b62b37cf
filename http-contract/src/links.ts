import { z } from 'zod';
import { firstOf, flag, instant, isoTime, text } from './fields.js';

// ---- requests ------------------------------------------------------------------------------

/** POST /api/shorten and /api/shorten/create: a short link for a file in the caller's Ferry folder. */
export const ShortenBody = z
  .object({
    fileId: text.describe('The Drive file id'),
    id: text.describe('Alias of fileId'),
    fileName: text,
    expiresAt: instant('expiresAt').describe(
      'When the link ends (ISO 8601 or epoch ms): after now and at most 30 days later (400 `expiry_in_past` / `expiry_past_cap`); default: 7 days',
    ),
    senderTimeZone: text.describe('IANA time zone of the sender, for mails'),
    uploaderTZ: text.describe('Alias of senderTimeZone'),
    uploaderLocale: text,
    files: z
      .array(z.string())
      .min(1)
      .max(1000)
      .optional()
      .describe(
        'A transfer (one link for a folder upload): fileId is the folder and these are the Drive ids of its files, in order; the link service checks each on the drive',
      ),
  })
  .transform((b) => ({
    files: b.files,
    fileId: firstOf(b.fileId, b.id),
    fileName: b.fileName ?? '',
    expiresAt: b.expiresAt,
    timeZone: (firstOf(b.senderTimeZone, b.uploaderTZ) ?? '').slice(0, 64),
    locale: (firstOf(b.uploaderLocale) ?? '').slice(0, 35),
  }));
export type ShortenBody = z.input<typeof ShortenBody>;

/** PATCH /api/shorten, PATCH /api/shortlink, POST /api/shorten/update: extend a link (by one day without expiresAt). */
export const ExtendBody = z
  .object({
    slug: text,
    shortId: text.describe('Alias of slug'),
    expiresAt: instant('expiresAt'),
    owner: text.describe('Ignored'),
  })
  .transform((b) => ({ slug: firstOf(b.slug, b.shortId), expiresAt: b.expiresAt }));
export type ExtendBody = z.input<typeof ExtendBody>;

/** DELETE /api/shorten: delete a link record. */
export const DeleteBody = z
  .object({ slug: text, shortId: text.describe('Alias of slug') })
  .transform((b) => ({ slug: firstOf(b.slug, b.shortId) }));
export type DeleteBody = z.input<typeof DeleteBody>;

/** `?slug=`: the slug of a link, when the body does not carry it. */
export const SlugQuery = z.object({ slug: text });

/** POST /api/shortlink: a token code (or a sender-chosen code) on the caller's subdomain. */
export const ShortlinkBody = z
  .object({
    slug: text,
    token: text,
    u: text,
    e: text,
    n: text,
    target: text.describe('The slug the code points to'),
    shortId: text.describe('Alias of target'),
    subdomain: text,
    ttlSeconds: z.unknown().optional().describe('Life of the code in seconds (a number); 0 or absent: the link’s'),
  })
  .transform((b) => ({
    code: firstOf(b.slug, b.token, b.u, b.e, b.n),
    target: firstOf(b.target, b.shortId),
    subdomain: firstOf(b.subdomain) ?? '',
    ttlSeconds: b.ttlSeconds === undefined ? 0 : Number(b.ttlSeconds),
  }));
export type ShortlinkBody = z.input<typeof ShortlinkBody>;

/** GET /api/s: one of `dl`, `probe` or `meta` about a link code. */
export const ShareQuery = z
  .object({
    slug: text,
    id: text.describe('Alias of slug'),
    dl: flag,
    probe: flag,
    meta: flag,
    ts: text.describe('Cache buster, ignored'),
  })
  .transform((q) => ({
    code: q.slug ?? q.id,
    dl: q.dl !== undefined,
    probe: q.probe !== undefined,
    meta: q.meta !== undefined,
  }));
export type ShareQuery = z.input<typeof ShareQuery>;

/** POST /api/s?invalidate=1&slug=: drop the gateway's cached copy of a link. */
export const InvalidateQuery = z
  .object({ slug: text, invalidate: flag })
  .transform((q) => ({ slug: q.slug, invalidate: q.invalidate !== undefined }));
export type InvalidateQuery = z.input<typeof InvalidateQuery>;

/** GET /api/resolve and /api/download: `id` (or `slug`) is a link code. */
export const CodeQuery = z
  .object({ id: text, slug: text.describe('Alias of id') })
  .transform((q) => ({ code: q.id ?? q.slug }));
export type CodeQuery = z.input<typeof CodeQuery>;

/** GET /api/size: a link code or a drive file id, and on the root host the owner's subdomain. */
export const SizeQuery = z.object({ id: text, owner: text });
export type SizeQuery = z.input<typeof SizeQuery>;

/** POST /api/telemetry (navigator.sendBeacon: JSON, also as text/plain). */
export const TelemetryBody = z
  .object({
    slug: text,
    ts: z.union([z.number(), z.string()]).optional().catch(undefined).describe('Client time (ISO 8601 or epoch ms)'),
  })
  .transform((b) => {
    const at = b.ts === undefined ? undefined : new Date(b.ts);
    return { slug: firstOf(b.slug), clientTime: at && !Number.isNaN(at.getTime()) ? at : undefined };
  });
export type TelemetryBody = z.input<typeof TelemetryBody>;

/** GET /api/links: one page of the caller's links. */
export const LinksQuery = z
  .object({ pageToken: text })
  .transform((q) => ({ pageToken: q.pageToken && /^\d{1,9}$/.test(q.pageToken) ? q.pageToken : '' }));
export type LinksQuery = z.input<typeof LinksQuery>;

// ---- responses -----------------------------------------------------------------------------

export const ShortenResponse = z.strictObject({
  shortId: z.string(),
  slug: z.string(),
  shortUrl: z.url(),
  downloadUrl: z.url(),
  ownerSubdomain: z.string(),
  owner_subdomain: z.string(),
  owner: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  expiresAt: isoTime,
});
export type ShortenResponse = z.infer<typeof ShortenResponse>;

export const ExtendResponse = z.strictObject({ ok: z.literal(true), slug: z.string(), expiresAt: isoTime });
export type ExtendResponse = z.infer<typeof ExtendResponse>;

export const ShortlinkResponse = z.strictObject({ url: z.url(), expiresAt: isoTime.optional() });
export type ShortlinkResponse = z.infer<typeof ShortlinkResponse>;

export const DownloadCountResponse = z.strictObject({
  count: z.number().int().nonnegative(),
  downloads: z.number().int(),
  dlCount: z.number().int(),
  dl: z.strictObject({ count: z.number().int() }),
});
export type DownloadCountResponse = z.infer<typeof DownloadCountResponse>;

/** One file of a transfer as the download page lists it. */
export const TransferFile = z.strictObject({
  index: z.number().int().positive().describe('Its number: the download is /api/d/{slug}/{index}'),
  name: z.string().describe('Its path in the uploaded folder'),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
  downloadUrl: z.url(),
});
export type TransferFile = z.infer<typeof TransferFile>;

/** Spec §3 share info: what the download page shows. */
export const ShareInfoResponse = z.strictObject({
  fileName: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  bytes: z.number().int(),
  sizeBytes: z.number().int(),
  expiresAt: isoTime,
  expiresAtMs: z.number().int(),
  downloadUrl: z.url(),
  directUrl: z.url().optional().describe('The file on the drive, when it can be served directly'),
  senderEmail: z.string(),
  ownerEmail: z.string(),
  ownerSubdomain: z.string(),
  owner_subdomain: z.string(),
  unverifiable: z.boolean(),
  passwordRequired: z
    .boolean()
    .optional()
    .describe('The download needs the password first (POST /api/links/{slug}/unlock); no drive URL is given out'),
  files: z
    .array(TransferFile)
    .optional()
    .describe('A transfer: its files in order (fileName is the folder, size their total); absent for one file'),
});
export type ShareInfoResponse = z.infer<typeof ShareInfoResponse>;

export const ResolveResponse = z.strictObject({
  ownerSubdomain: z.string(),
  owner_subdomain: z.string(),
  slug: z.string(),
  expiresAt: isoTime,
});
export type ResolveResponse = z.infer<typeof ResolveResponse>;

export const SizeResponse = z.strictObject({
  size: z.number().int().nonnegative(),
  bytes: z.number().int(),
  sizeBytes: z.number().int(),
});
export type SizeResponse = z.infer<typeof SizeResponse>;

export const LinkRecord = z.strictObject({
  slug: z.string(),
  shortId: z.string(),
  shortUrl: z.url(),
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  expiresAt: isoTime,
  createdAt: isoTime.describe('Its 30-day life counts from here'),
  downloads: z.number().int().nonnegative(),
  ownerSubdomain: z.string(),
  passwordProtected: z.boolean().optional(),
  fileCount: z.number().int().positive().optional().describe('A transfer: how many files (fileName is its folder)'),
  downloadLimit: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe('Downloads allowed in all; null = no limit'),
});
export type LinkRecord = z.infer<typeof LinkRecord>;

export const LinksResponse = z.strictObject({ links: z.array(LinkRecord), nextPageToken: z.string().optional() });
export type LinksResponse = z.infer<typeof LinksResponse>;
