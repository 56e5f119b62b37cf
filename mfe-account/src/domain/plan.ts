import type { AccessStatus } from '../api/billing-api';

export type Badge = 'trial' | 'annual' | 'monthly' | 'expired';

/** Spec §5: total_days 90 means trial, over 200 means annual, otherwise monthly. */
export function planOf(totalDays: number): Exclude<Badge, 'expired'> {
  if (totalDays === 90) return 'trial';
  if (totalDays > 200) return 'annual';
  return 'monthly';
}

const PLAN_BADGES = { trial: 'trial', yearly: 'annual', monthly: 'monthly' } as const;

/** The plan's badge (an answer without a plan got one from total_days when it was read). */
export function planBadgeOf(status: AccessStatus): Exclude<Badge, 'expired'> {
  return PLAN_BADGES[status.plan];
}

/** The status badge: Expired wins over the plan. */
export function badgeOf(status: AccessStatus): Badge {
  if (
    status.state === 'expired' ||
    status.phase === 'expired' ||
    (status.remaining_days <= 0 && status.phase !== 'paid')
  )
    return 'expired';
  return planBadgeOf(status);
}

/** A paid plan runs or is booked (active, scheduled, cancelled until its end, in grace): Checkout would be refused. */
export function hasPaidPlan(status: AccessStatus): boolean {
  return badgeOf(status) !== 'expired' && planBadgeOf(status) !== 'trial';
}

/** The plans are offered to a trial and to an ended plan. */
export function offersPlans(status: AccessStatus): boolean {
  return !hasPaidPlan(status);
}

/** Renewal can be stopped while the trial or plan runs and has not been cancelled already. */
export function canCancel(status: AccessStatus): boolean {
  return (
    status.state === 'trial' || status.state === 'active' || status.state === 'scheduled' || status.state === 'past_due'
  );
}

/** Share of the period still left, 0..1 (for the progress bar). */
export function remainingShare(status: AccessStatus): number {
  if (status.total_days <= 0) return 0;
  return Math.min(1, Math.max(0, status.remaining_days / status.total_days));
}
