import type { AccessStatus } from '../api/billing-api';

export type Badge = 'trial' | 'annual' | 'monthly' | 'expired';

/** Spec §5: total_days 90 means trial, over 200 means annual, otherwise monthly. */
export function planOf(totalDays: number): Exclude<Badge, 'expired'> {
  if (totalDays === 90) return 'trial';
  if (totalDays > 200) return 'annual';
  return 'monthly';
}

/** The status badge: Expired wins over the plan. */
export function badgeOf(status: AccessStatus): Badge {
  if (status.phase === 'expired' || (status.remaining_days <= 0 && status.phase !== 'paid')) return 'expired';
  return planOf(status.total_days);
}

/** Share of the period still left, 0..1 (for the progress bar). */
export function remainingShare(status: AccessStatus): number {
  if (status.total_days <= 0) return 0;
  return Math.min(1, Math.max(0, status.remaining_days / status.total_days));
}
