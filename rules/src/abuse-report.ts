import { shareMessageProblem } from './share-message.js';

/** Why a visitor reports a file: the report dialog's choices, the stored key and the mail's words. */
export const ABUSE_REASONS = ['illegal', 'copyright', 'malware', 'phishing', 'privacy', 'other'] as const;
export type AbuseReason = (typeof ABUSE_REASONS)[number];

/** A report's optional details: at most this many characters (the dialog's field and every server agree). */
export const MAX_ABUSE_DETAILS_LENGTH = 1_000;
/** An administrator's reason for an action (audit log, the suspended account's notice): 1 to this many characters. */
export const MAX_ADMIN_REASON_LENGTH = 500;

export function isAbuseReason(value: unknown): value is AbuseReason {
  return typeof value === 'string' && (ABUSE_REASONS as readonly string[]).includes(value);
}

/**
 * Why a report's details are refused, or undefined when they are fine (empty is fine): `too-long`
 * past MAX_ABUSE_DETAILS_LENGTH, `control` for CR or another control character (LF and TAB are kept).
 */
export function abuseDetailsProblem(details: string): 'too-long' | 'control' | undefined {
  if (details.length > MAX_ABUSE_DETAILS_LENGTH) return 'too-long';
  return shareMessageProblem(details) === 'control' ? 'control' : undefined;
}

/** Why an administrator's reason is refused: `empty`, `too-long` or `control` (one line of text). */
export function adminReasonProblem(reason: string): 'empty' | 'too-long' | 'control' | undefined {
  if (reason.trim() === '') return 'empty';
  if (reason.length > MAX_ADMIN_REASON_LENGTH) return 'too-long';
  return shareMessageProblem(reason) === 'control' || reason.includes('\n') ? 'control' : undefined;
}

/**
 * The administrators named by config (ADMIN_EMAILS): a comma list of addresses, compared in lower
 * case. Only a sign-in whose provider verified the e-mail counts (the gateway checks that).
 */
export function parseAdminEmails(list: string): ReadonlySet<string> {
  return new Set(
    list
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ''),
  );
}
