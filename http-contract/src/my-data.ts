import { z } from 'zod';
import { isoTime } from './fields.js';

/** GET /api/me/export: the days of the links' statistics are counted in this IANA time zone. */
export const MyDataExportQuery = z.object({
  tz: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/)
    .describe('The user’s IANA time zone, e.g. Europe/Amsterdam (the browser’s); default UTC')
    .optional(),
});
export type MyDataExportQuery = z.input<typeof MyDataExportQuery>;

const ExportedLink = z.strictObject({
  slug: z.string(),
  file: z.string().describe('The file name as the drive had it when the link was made'),
  size: z.number().int().nonnegative(),
  created: isoTime,
  expiry: isoTime,
  deleted: isoTime.nullable(),
  downloads: z.number().int().nonnegative(),
  shortCodes: z.array(z.string()).describe('Token codes (POST /api/shortlink) of this link'),
  days: z
    .array(z.strictObject({ date: z.iso.date(), downloads: z.number().int().positive() }))
    .describe('Days with downloads in timeZone, oldest first'),
});

const ExportedMail = z.strictObject({
  type: z
    .string()
    .describe(
      'receiver (a share sent for the user), start (the user’s copy), first-download, cleanup-needed, more-time, account notices',
    ),
  to: z.string(),
  created: isoTime,
  sent: isoTime.nullable(),
  status: z.enum(['queued', 'sent', 'failed']),
});

const ExportedSubscription = z.strictObject({
  plan: z.string(),
  phase: z.string(),
  trialStarted: isoTime.nullable(),
  trialEnds: isoTime.nullable(),
  periodStart: isoTime,
  paidUntil: isoTime,
  cancelled: isoTime.nullable(),
  stripeStatus: z.string().nullable(),
  stripeCustomer: z.string().nullable(),
  stripeSubscription: z.string().nullable(),
  created: isoTime,
});

/** GET /api/me/export: everything Ferry keeps about the signed-in user, as a JSON download. */
export const MyDataExport = z.strictObject({
  exportedAt: isoTime,
  account: z.strictObject({ sub: z.string(), email: z.string() }),
  timeZone: z.string(),
  links: z.array(ExportedLink),
  mails: z.array(ExportedMail).describe('Mails Ferry sent on the user’s behalf or to them (addresses and dates)'),
  subscription: ExportedSubscription.nullable(),
});
export type MyDataExport = z.infer<typeof MyDataExport>;

/** DELETE /api/me: what to do with the files in _ferryuploads, and the confirmation mail's language. */
export const DeleteAccountBody = z.strictObject({
  trashFiles: z.boolean().describe('Also move the user’s files in _ferryuploads to the drive’s trash'),
  language: z.string().max(35).optional().describe('The screen’s language (BCP 47): the confirmation mail’s'),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

/** The steps of an account deletion, in the order they run. */
const DELETION_STEPS = [
  'requested',
  'links-closed',
  'subscription-cancelled',
  'files-handled',
  'token-revoked',
  'data-deleted',
  'mail-queued',
  'done',
] as const;

/** DELETE /api/me and GET /api/me/deletion: where the account's deletion is. */
export const AccountDeletionState = z.strictObject({
  state: z.enum(['none', 'running', 'done']),
  step: z.enum(DELETION_STEPS).nullable().describe('The last step done; null when no deletion was requested'),
  trashFiles: z.boolean().nullable(),
  requestedAt: isoTime.nullable(),
  finishedAt: isoTime.nullable(),
  retries: z.number().int().nonnegative().describe('Failed attempts of the current step (retried with backoff)'),
});
export type AccountDeletionState = z.infer<typeof AccountDeletionState>;
