/** Spec §3 "Subscription", §4 "Subscription", §5 plan reading and §9 trial length. */

export const DAY_MS = 86_400_000;
export const TRIAL_DAYS = 90;
const YEARLY_DAYS = 365;
const MONTHLY_DAYS = 30;

export type PlanName = 'TRIAL' | 'MONTHLY' | 'YEARLY';
export type PhaseName = 'TRIAL' | 'PAID' | 'EXPIRED';

export interface SubscriptionDates {
  plan: PlanName;
  currentPeriodStart: Date;
  paidUntil: Date;
  cancelledAt: Date | null;
}

export interface Access {
  phase: PhaseName;
  plan: PlanName;
  remainingDays: number;
  totalDays: number;
  paidUntil: Date;
  cancelledAt: Date | null;
}

/** The dates of a trial that starts now: 90 days of access. */
export function newTrial(now: Date): SubscriptionDates & { trialStartedAt: Date } {
  return {
    plan: 'TRIAL',
    trialStartedAt: now,
    currentPeriodStart: now,
    paidUntil: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    cancelledAt: null,
  };
}

/**
 * What the account screen shows. Access lasts until paidUntil whether or not renewal was
 * cancelled; remaining days are whole days rounded up (90 right after the trial starts).
 */
export function accessAt(s: SubscriptionDates, now: Date): Access {
  const left = s.paidUntil.getTime() - now.getTime();
  const active = left > 0;
  return {
    phase: !active ? 'EXPIRED' : s.plan === 'TRIAL' ? 'TRIAL' : 'PAID',
    plan: s.plan,
    remainingDays: active ? Math.ceil(left / DAY_MS) : 0,
    totalDays: periodDays(s),
    paidUntil: s.paidUntil,
    cancelledAt: s.cancelledAt,
  };
}

function periodDays(s: SubscriptionDates): number {
  if (s.plan === 'TRIAL') return TRIAL_DAYS;
  const measured = Math.round((s.paidUntil.getTime() - s.currentPeriodStart.getTime()) / DAY_MS);
  if (measured > 0) return measured;
  return s.plan === 'YEARLY' ? YEARLY_DAYS : MONTHLY_DAYS;
}

/** Cancelling keeps the first cancellation time; access is unchanged until paidUntil. */
export function cancelledAt(s: Pick<SubscriptionDates, 'cancelledAt'>, now: Date): Date {
  return s.cancelledAt ?? now;
}
