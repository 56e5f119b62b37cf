import { canExtend, extendedExpiry, type LinkLife } from '@ferry/rules';
import type { UploadedFile } from './uploaded';

type RowTimes = Pick<UploadedFile, 'uploadedAt' | 'linkCreatedAt' | 'expiresAt'>;

/**
 * A row's link life as @ferry/rules counts it: from the link record's creation, else from the
 * drive's upload time (a moment earlier, so the screen never allows more than the link service).
 */
export function rowLife(row: RowTimes): LinkLife {
  return { createdAtMs: Date.parse(row.linkCreatedAt ?? row.uploadedAt), expiresAtMs: Date.parse(row.expiresAt) };
}

/** Whether the row's extend button can still add time (false at 30 days after the upload). */
export function rowCanExtend(row: RowTimes, now = Date.now()): boolean {
  return canExtend(rowLife(row), now);
}

/** The expiry one extend gives the row (the link service computes the same), or undefined at the cap. */
export function rowExtendedExpiry(row: RowTimes, now = Date.now()): string | undefined {
  const next = extendedExpiry(rowLife(row), now);
  return next === undefined ? undefined : new Date(next).toISOString();
}
