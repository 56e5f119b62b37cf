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

/** The day number of the calendar date `ms` falls on in `timeZone` (undefined: the browser's). */
function calendarDay(ms: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/** When the time the status counts down to ends: the grace period while a payment is overdue, else the period. */
function countdownEnd(status: AccessStatus): string | null {
  if (status.state === 'past_due') return status.grace_until ?? status.paid_until;
  return status.starts_at ?? status.paid_until;
}

/**
 * Days remaining, as the product owner decided: calendar days in the user's time zone (the browser's),
 * from today's date to the end's date, so the count drops at the user's midnight, whatever the time of
 * day the period ends at or a daylight-saving change between. The last day counts until it ends (never
 * "0 days" while access holds), and the count never exceeds the period's length (a period that ends just
 * past midnight after a clock change). Without a readable end date, the server's count (24-hour days).
 */
export function daysRemaining(status: AccessStatus, nowMs: number, timeZone?: string): number {
  const end = Date.parse(countdownEnd(status) ?? '');
  if (Number.isNaN(end) || status.phase === 'expired' || status.state === 'expired') return status.remaining_days;
  if (end <= nowMs) return 0;
  const days = Math.max(1, calendarDay(end, timeZone) - calendarDay(nowMs, timeZone));
  return status.total_days > 0 ? Math.min(days, status.total_days) : days;
}

/** Share of the period still left, 0..1 (for the progress bar). */
export function remainingShare(status: AccessStatus, remainingDays: number): number {
  if (status.total_days <= 0) return 0;
  return Math.min(1, Math.max(0, remainingDays / status.total_days));
}
