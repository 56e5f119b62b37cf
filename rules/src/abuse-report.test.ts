import { describe, expect, it } from 'vitest';
import {
  abuseDetailsProblem,
  adminReasonProblem,
  isAbuseReason,
  MAX_ABUSE_DETAILS_LENGTH,
  MAX_ADMIN_REASON_LENGTH,
  parseAdminEmails,
} from './abuse-report.js';

describe('abuse reports', () => {
  it('knows its reasons and nothing else', () => {
    expect(isAbuseReason('malware')).toBe(true);
    expect(isAbuseReason('other')).toBe(true);
    expect(isAbuseReason('Malware')).toBe(false);
    expect(isAbuseReason(undefined)).toBe(false);
  });
  it('takes empty details and multi-line ones up to the limit', () => {
    expect(abuseDetailsProblem('')).toBeUndefined();
    expect(abuseDetailsProblem('line one\nline two')).toBeUndefined();
    expect(abuseDetailsProblem('x'.repeat(MAX_ABUSE_DETAILS_LENGTH))).toBeUndefined();
    expect(abuseDetailsProblem('x'.repeat(MAX_ABUSE_DETAILS_LENGTH + 1))).toBe('too-long');
    expect(abuseDetailsProblem('a\rb')).toBe('control');
  });
  it('wants an administrator reason of one non-empty line', () => {
    expect(adminReasonProblem('phishing page')).toBeUndefined();
    expect(adminReasonProblem('  ')).toBe('empty');
    expect(adminReasonProblem('a\nb')).toBe('control');
    expect(adminReasonProblem('x'.repeat(MAX_ADMIN_REASON_LENGTH + 1))).toBe('too-long');
  });
  it('reads the administrator list in lower case, ignoring blanks', () => {
    expect([...parseAdminEmails(' Ana@Example.com, ,bo@example.com,')]).toEqual(['ana@example.com', 'bo@example.com']);
    expect(parseAdminEmails('').size).toBe(0);
  });
});
