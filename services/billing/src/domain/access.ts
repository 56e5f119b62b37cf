/**
 * The subscription state machine (spec §3/§4 "Subscription", §9 trial length, and the paid plans):
 * trial (90 days) → scheduled (paid during the trial, starts at its end) → active → cancelled
 * (access until the period ends) / past due (a renewal failed: 7 days of grace) → expired.
 * Everything the account screen shows is computed here from the stored facts and the account's now.
 */

export const DAY_MS = 86_400_000;
export const TRIAL_DAYS = 90;
/** A failed renewal keeps access this long ("Payment failed" with a link to the portal). */
export const GRACE_DAYS = 7;
/** Stripe needs a Checkout trial_end at least 48 h away: with less trial left, paid time starts at once. */
export const MIN_SCHEDULED_START_MS = 2 * DAY_MS;

export type PlanName = 'TRIAL' | 'MONTHLY' | 'YEARLY';
export type PaidPlanName = Exclude<PlanName, 'TRIAL'>;
export type PhaseName = 'TRIAL' | 'PAID' | 'EXPIRED';
export type StateName = 'TRIAL' | 'ACTIVE' | 'SCHEDULED' | 'CANCELLED' | 'PAST_DUE' | 'EXPIRED';

/** Stripe subscription statuses under which the paid plan still holds. */
const LIVE_STRIPE_STATUSES = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/** What is stored about an account's subscription. */
export interface SubscriptionFacts {
  plan: PlanName;
  /** End of the 90-day trial. */
  trialEndsAt: Date;
  /** Start of the current period (the trial's start, or the paid period's). */
  currentPeriodStart: Date;
  /** End of the current period: the trial's end, or the end of the paid period. */
  paidUntil: Date;
  /** Renewal cancelled at this time (or the trial cancelled); access continues until the period ends. */
  cancelledAt: Date | null;
  /** Stripe's status of the paid subscription; null without one. */
  stripeStatus: string | null;
  /** When paid during the trial: the start of the paid plan. */
  paidStartsAt: Date | null;
  /** When the renewal first failed. */
  pastDueSince: Date | null;
}

export interface Access {
  phase: PhaseName;
  state: StateName;
  plan: PlanName;
  remainingDays: number;
  totalDays: number;
  paidUntil: Date;
  cancelledAt: Date | null;
  /** Start of the paid plan while it is scheduled. */
  startsAt: Date | null;
  /** End of the grace period while a renewal payment is overdue. */
  graceUntil: Date | null;
}

/** The facts of a trial that starts now: 90 days of access. */
export function newTrial(now: Date): Pick<
  SubscriptionFacts,
  'plan' | 'trialEndsAt' | 'currentPeriodStart' | 'paidUntil' | 'cancelledAt'
> & {
  trialStartedAt: Date;
} {
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  return {
    plan: 'TRIAL',
    trialStartedAt: now,
    trialEndsAt,
    currentPeriodStart: now,
    paidUntil: trialEndsAt,
    cancelledAt: null,
  };
}

/** Whether a paid Stripe subscription holds (or will hold) the account's access. */
export function hasLivePaidPlan(s: Pick<SubscriptionFacts, 'plan' | 'stripeStatus'>): boolean {
  return s.plan !== 'TRIAL' && s.stripeStatus !== null && LIVE_STRIPE_STATUSES.has(s.stripeStatus);
}

const daysLeft = (until: Date, now: Date) => Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));

/** What the account screen shows at `now` (the account's clock). */
export function accessAt(s: SubscriptionFacts, now: Date): Access {
  const base = { cancelledAt: s.cancelledAt, startsAt: null, graceUntil: null };
  const expired = (plan: PlanName, paidUntil: Date, totalDays: number): Access => ({
    ...base,
    phase: 'EXPIRED',
    state: 'EXPIRED',
    plan,
    remainingDays: 0,
    totalDays,
    paidUntil,
  });

  if (!hasLivePaidPlan(s)) {
    // The trial, or what is left of it after a paid plan ended (a cancelled Stripe subscription
    // ends the paid time, never the trial's 90 days).
    const paidEnd = s.plan !== 'TRIAL' && s.stripeStatus !== null ? s.paidUntil : null;
    if (paidEnd && paidEnd > s.trialEndsAt) {
      if (now < paidEnd)
        return {
          ...base,
          phase: 'PAID',
          state: 'CANCELLED',
          plan: s.plan,
          remainingDays: daysLeft(paidEnd, now),
          totalDays: periodDays(s),
          paidUntil: paidEnd,
        };
      return expired(s.plan, paidEnd, periodDays(s));
    }
    if (now < s.trialEndsAt) {
      return {
        ...base,
        phase: 'TRIAL',
        state: s.cancelledAt ? 'CANCELLED' : 'TRIAL',
        plan: 'TRIAL',
        remainingDays: daysLeft(s.trialEndsAt, now),
        totalDays: TRIAL_DAYS,
        paidUntil: s.trialEndsAt,
      };
    }
    return expired('TRIAL', s.trialEndsAt, TRIAL_DAYS);
  }

  if (s.stripeStatus === 'trialing') {
    // Paid during the trial: the trial runs on, the paid plan starts at its end.
    const startsAt = s.paidStartsAt ?? s.paidUntil;
    if (now < startsAt) {
      return {
        ...base,
        phase: 'TRIAL',
        state: s.cancelledAt ? 'CANCELLED' : 'SCHEDULED',
        plan: s.plan,
        remainingDays: daysLeft(startsAt, now),
        totalDays: TRIAL_DAYS,
        paidUntil: startsAt,
        startsAt: s.cancelledAt ? null : startsAt,
      };
    }
    // Stripe has not yet told us the first invoice's outcome.
    if (s.cancelledAt) return expired(s.plan, startsAt, TRIAL_DAYS);
    return {
      ...base,
      phase: 'PAID',
      state: 'ACTIVE',
      plan: s.plan,
      remainingDays: 0,
      totalDays: periodDays(s),
      paidUntil: startsAt,
    };
  }

  if (s.stripeStatus === 'past_due' || s.stripeStatus === 'unpaid') {
    const graceUntil = new Date((s.pastDueSince ?? s.paidUntil).getTime() + GRACE_DAYS * DAY_MS);
    if (now < graceUntil) {
      return {
        ...base,
        phase: 'PAID',
        state: 'PAST_DUE',
        plan: s.plan,
        remainingDays: daysLeft(graceUntil, now),
        totalDays: periodDays(s),
        paidUntil: s.paidUntil,
        graceUntil,
      };
    }
    return expired(s.plan, graceUntil, periodDays(s));
  }

  // active
  if (now < s.paidUntil) {
    return {
      ...base,
      phase: 'PAID',
      state: s.cancelledAt ? 'CANCELLED' : 'ACTIVE',
      plan: s.plan,
      remainingDays: daysLeft(s.paidUntil, now),
      totalDays: periodDays(s),
      paidUntil: s.paidUntil,
    };
  }
  // The period is over: a cancelled plan ends; a renewing one waits for Stripe's word for the grace period.
  if (s.cancelledAt || now.getTime() >= s.paidUntil.getTime() + GRACE_DAYS * DAY_MS)
    return expired(s.plan, s.paidUntil, periodDays(s));
  return {
    ...base,
    phase: 'PAID',
    state: 'ACTIVE',
    plan: s.plan,
    remainingDays: 0,
    totalDays: periodDays(s),
    paidUntil: s.paidUntil,
  };
}

/**
 * The end of a paid period that starts at `start`, as Stripe counts it: one calendar month or year later
 * in UTC, at the same time of day; a day the month lacks becomes its last (31 January → 28 or 29 February).
 */
export function calendarPeriodEnd(start: Date, plan: PaidPlanName): Date {
  const months = start.getUTCMonth() + (plan === 'YEARLY' ? 12 : 1);
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), months + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(start.getUTCFullYear(), months, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** The period's length in days, from its own dates (a calendar year with 29 February is 366). */
function periodDays(s: Pick<SubscriptionFacts, 'plan' | 'currentPeriodStart' | 'paidUntil'>): number {
  if (s.plan === 'TRIAL') return TRIAL_DAYS;
  const days = (end: Date) => Math.round((end.getTime() - s.currentPeriodStart.getTime()) / DAY_MS);
  const measured = days(s.paidUntil);
  // Without a period of its own (Stripe has not reported one yet), the calendar period from its start.
  return measured > 0 ? measured : days(calendarPeriodEnd(s.currentPeriodStart, s.plan));
}

/** Cancelling keeps the first cancellation time; access is unchanged until the period ends. */
export function cancelledAt(s: Pick<SubscriptionFacts, 'cancelledAt'>, now: Date): Date {
  return s.cancelledAt ?? now;
}

/**
 * Where a Checkout for a trial user starts the paid time: at the trial's end when more than 2 days
 * are left (no trial day is lost), else now (null: no Stripe trial).
 */
export function paidStartForCheckout(s: Pick<SubscriptionFacts, 'trialEndsAt'>, now: Date): Date | null {
  return s.trialEndsAt.getTime() - now.getTime() > MIN_SCHEDULED_START_MS ? s.trialEndsAt : null;
}
