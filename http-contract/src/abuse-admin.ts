import { z } from 'zod';
import { isoTime, text } from './fields.js';
import type { ApiResponse, ApiRoute, AuthenticatedRoute } from './routes.js';

/** POST /api/links/{slug}/report: "Report this file" on a download page (no sign-in). */
export const AbuseReportBody = z.object({
  reason: text.describe('Why: illegal, copyright, malware, phishing, privacy or other (@ferry/rules ABUSE_REASONS)'),
  details: text.describe('Optional: at most 1,000 characters, no control characters but line breaks'),
  replyTo: text.describe('Optional: an e-mail address the team may answer'),
  requestId: text.describe('A UUID that makes a repeated send idempotent'),
});
export type AbuseReportBody = z.input<typeof AbuseReportBody>;

export const AbuseReportResponse = z.strictObject({ ok: z.literal(true), requestId: z.uuid() });
export type AbuseReportResponse = z.infer<typeof AbuseReportResponse>;

/** GET /api/account/standing: whether the signed-in account is suspended, why, and where to appeal. */
export const AccountStanding = z.strictObject({
  suspended: z.boolean(),
  reason: z.string().optional().describe('The administrator’s reason, when suspended'),
  suspendedAt: isoTime.optional(),
  appealTo: z.string().optional().describe('The abuse address to write to for an appeal (ABUSE_TO)'),
});
export type AccountStanding = z.infer<typeof AccountStanding>;

/** An administrator's action: why, always (kept in the audit log; a suspension's reason is shown to the user). */
export const AdminReasonBody = z.object({
  reason: text.describe('Required: one line, at most 500 characters'),
});
export const AdminAccountBody = AdminReasonBody.extend({
  email: text.describe('The account’s e-mail address'),
});

const AdminLink = z.strictObject({
  slug: z.string(),
  fileName: z.string(),
  ownerEmail: z.string(),
  status: z.enum(['active', 'expired', 'deleted', 'blocked']),
  disabled: z.boolean().describe('An administrator disabled this link'),
  expiresAt: isoTime,
});
export type AdminLink = z.infer<typeof AdminLink>;

export const AdminReport = z.strictObject({
  id: z.string(),
  slug: z.string(),
  reason: z.string(),
  details: z.string(),
  replyTo: z.string(),
  createdAt: isoTime,
  link: AdminLink.optional(),
  ownerSuspended: z.boolean(),
});
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportsResponse = z.strictObject({ reports: z.array(AdminReport) });
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;

export const AdminSuspension = z.strictObject({
  email: z.string(),
  reason: z.string(),
  suspendedAt: isoTime,
  suspendedBy: z.string(),
});
export type AdminSuspension = z.infer<typeof AdminSuspension>;
export const AdminSuspensionsResponse = z.strictObject({ suspensions: z.array(AdminSuspension) });
export type AdminSuspensionsResponse = z.infer<typeof AdminSuspensionsResponse>;

export const AdminAuditEntry = z.strictObject({
  id: z.string(),
  actor: z.string(),
  action: z.enum(['disable_link', 'restore_link', 'suspend_account', 'restore_account']),
  target: z.string(),
  reason: z.string(),
  createdAt: isoTime,
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditResponse = z.strictObject({ entries: z.array(AdminAuditEntry) });
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>;

export const AdminLinkResponse = z.strictObject({ link: AdminLink });
export const AdminSuspendResponse = z.strictObject({ suspension: AdminSuspension, linksBlocked: z.number() });
export const AdminRestoreAccountResponse = z.strictObject({ linksRestored: z.number() });

const json = (description: string, schema: z.ZodType): ApiResponse => ({ description, schema });
const SlugParams = z.object({ slug: z.string().describe('A link slug') });
const ADMIN_ERRORS = {
  401: 'unauthenticated: not signed in',
  403: 'not_admin: the signed-in account is not an administrator (ADMIN_EMAILS, a verified e-mail); cross_origin: sent from another site',
} as const;

const admin = <const Id extends string>(
  method: 'get' | 'post',
  path: string,
  operationId: Id,
  summary: string,
  ok: ApiResponse,
  extra: Partial<Pick<ApiRoute, 'body' | 'params' | 'errors'>> = {},
): AuthenticatedRoute<Id> => ({
  method,
  path,
  operationId,
  summary,
  auth: true,
  responses: { 200: ok },
  ...extra,
  errors: { ...ADMIN_ERRORS, ...extra.errors },
});

/** The public report route, the account's standing and every administrators' route (`/api/admin/*`). */
export const ABUSE_ADMIN_ROUTES = [
  {
    method: 'post',
    path: '/api/links/{slug}/report',
    operationId: 'reportAbuse',
    summary:
      'Report a link’s file to the abuse team (no sign-in; stored for the administrators and mailed to ABUSE_TO)',
    params: SlugParams,
    body: AbuseReportBody,
    responses: { 202: json('Stored', AbuseReportResponse) },
    errors: { 404: 'not_found', 429: 'rate_limited: too many reports from this address or of this link (Retry-After)' },
  },
  {
    method: 'get',
    path: '/api/account/standing',
    operationId: 'accountStanding',
    summary: 'Whether the signed-in account is suspended, why, and where to appeal',
    auth: true,
    responses: { 200: json('The standing', AccountStanding) },
  },
  admin(
    'get',
    '/api/admin/reports',
    'adminReports',
    'Abuse reports, newest first',
    json('Reports', AdminReportsResponse),
  ),
  admin(
    'get',
    '/api/admin/suspensions',
    'adminSuspensions',
    'Suspended accounts',
    json('Suspensions', AdminSuspensionsResponse),
  ),
  admin('get', '/api/admin/audit', 'adminAudit', 'The audit log, newest first', json('Entries', AdminAuditResponse)),
  admin(
    'post',
    '/api/admin/links/{slug}/disable',
    'adminDisableLink',
    'Disable a link: it answers 410',
    json('The link', AdminLinkResponse),
    {
      params: SlugParams,
      body: AdminReasonBody,
      errors: { 404: 'not_found', 409: 'already_disabled' },
    },
  ),
  admin(
    'post',
    '/api/admin/links/{slug}/restore',
    'adminRestoreLink',
    'Restore a disabled link',
    json('The link', AdminLinkResponse),
    {
      params: SlugParams,
      body: AdminReasonBody,
      errors: { 404: 'not_found', 409: 'not_disabled' },
    },
  ),
  admin(
    'post',
    '/api/admin/accounts/suspend',
    'adminSuspendAccount',
    'Suspend an account: no new links, its links answer 410',
    json('The suspension', AdminSuspendResponse),
    {
      body: AdminAccountBody,
      errors: { 409: 'already_suspended' },
    },
  ),
  admin(
    'post',
    '/api/admin/accounts/restore',
    'adminRestoreAccount',
    'Restore a suspended account',
    json('Links answering again', AdminRestoreAccountResponse),
    {
      body: AdminAccountBody,
      errors: { 409: 'not_suspended' },
    },
  ),
] as const satisfies readonly ApiRoute[];
