import { z } from 'zod';

/**
 * Every `code` the gateway sends in an error body. Clients map errors to their own texts by code,
 * never by the English `error` sentence.
 */
export const ERROR_CODES = [
  // Requests the gateway refuses itself.
  'invalid_argument',
  'invalid_json',
  'invalid_slug',
  'bad_request',
  'bad_path',
  'request_aborted',
  'payload_too_large',
  'too_many_parameters',
  'unsupported_encoding',
  'unsupported_charset',
  'unsupported_media_type',
  'method_not_allowed',
  'not_acceptable',
  'precondition_failed',
  'range_not_satisfiable',
  'forbidden',
  'not_found',
  'gone',
  'too_many_not_found',
  'rate_limited',
  // Abuse: a suspended account makes no links; administrators' routes refuse others and other sites.
  'account_suspended',
  'not_admin',
  'cross_origin',
  'already_disabled',
  'not_disabled',
  'already_suspended',
  'not_suspended',
  // Sign-in.
  'unauthenticated',
  'invalid_token',
  'permission_denied',
  'foreign_token',
  'unknown_provider',
  'revocation_failed',
  // A sign-in hand-over code that is unknown, expired, used or another browser's.
  'invalid_grant',
  // Share by e-mail (spec §8 texts, one code each).
  'invalid_recipients',
  'sender_unknown',
  'url_unknown',
  'receiver_mail_failed',
  'uploader_mail_failed',
  // Subscriptions: creating links needs a live trial or plan; checkout, portal and resume refusals.
  'subscription_expired',
  'already_subscribed',
  'no_billing_account',
  'nothing_to_resume',
  // Backends' refusals (gRPC statuses) and their own reason codes.
  'already_exists',
  'failed_precondition',
  'aborted',
  'out_of_range',
  'resource_exhausted',
  'extend_limit',
  // An expiry chosen at upload that the link-life rule refuses (400).
  'expiry_in_past',
  'expiry_past_cap',
  // Passwords, download limits and one-click actions.
  'password_required',
  'wrong_password',
  'invalid_password',
  'too_many_attempts',
  'limit_reached',
  'not_expiring_soon',
  'action_used',
  // Previews on the download page.
  'no_preview',
  'not_a_zip',
  // Transfers (one link for a folder upload).
  'no_such_file',
  'not_in_folder',
  'transfer',
  // Failures that are not the caller's.
  'bad_link_target',
  'not_configured',
  'manifest_invalid',
  'deadline_exceeded',
  'unimplemented',
  'upstream_error',
  'upstream_cancelled',
  'upstream_unavailable',
  'internal',
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error answer: a sentence safe to show and a stable code. */
export const ErrorBody = z.strictObject({
  error: z.string().describe('A sentence safe to show; clients translate by `code`'),
  code: ErrorCode,
  reason: z
    .enum(['expired', 'removed', 'limit', 'unavailable'])
    .optional()
    .describe(
      'With 410 `gone`: whether the link ran out, its sender removed it, its download limit was reached, or it is no longer available (disabled)',
    ),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
