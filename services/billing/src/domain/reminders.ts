import { DAY_MS, hasLivePaidPlan, type SubscriptionFacts } from './access.js';

/** The trial reminders, each sent once: 7 days and 1 day before the trial ends, and when it has ended. */
export type ReminderKind = 'TRIAL_ENDS_IN_7_DAYS' | 'TRIAL_ENDS_IN_1_DAY' | 'TRIAL_ENDED';

export interface ReminderFacts extends Pick<SubscriptionFacts, 'plan' | 'stripeStatus' | 'trialEndsAt'> {
  reminder7dSentAt: Date | null;
  reminder1dSentAt: Date | null;
  reminderEndedSentAt: Date | null;
}

/** How long before the trial's end each reminder falls due. */
const REMINDER_LEAD_MS: Record<ReminderKind, number> = {
  TRIAL_ENDS_IN_7_DAYS: 7 * DAY_MS,
  TRIAL_ENDS_IN_1_DAY: DAY_MS,
  TRIAL_ENDED: 0,
};

/** The stored column that records each reminder. */
export const REMINDER_COLUMN = {
  TRIAL_ENDS_IN_7_DAYS: 'reminder7dSentAt',
  TRIAL_ENDS_IN_1_DAY: 'reminder1dSentAt',
  TRIAL_ENDED: 'reminderEndedSentAt',
} as const satisfies Record<ReminderKind, keyof ReminderFacts>;

/**
 * The one reminder to send now, if any: the latest one that is due and not yet sent (an account
 * whose clock jumped past several gets only the latest: a "7 days left" mail after the trial ended
 * would be wrong). Someone with a paid plan gets none.
 */
export function dueReminder(s: ReminderFacts, now: Date): ReminderKind | null {
  if (hasLivePaidPlan(s)) return null;
  const left = s.trialEndsAt.getTime() - now.getTime();
  if (left <= REMINDER_LEAD_MS.TRIAL_ENDED) return s.reminderEndedSentAt ? null : 'TRIAL_ENDED';
  if (left <= REMINDER_LEAD_MS.TRIAL_ENDS_IN_1_DAY)
    return s.reminder1dSentAt || s.reminderEndedSentAt ? null : 'TRIAL_ENDS_IN_1_DAY';
  if (left <= REMINDER_LEAD_MS.TRIAL_ENDS_IN_7_DAYS)
    return s.reminder7dSentAt || s.reminder1dSentAt || s.reminderEndedSentAt ? null : 'TRIAL_ENDS_IN_7_DAYS';
  return null;
}

/** The notification idempotency key: one mail per kind, account and trial. */
export function reminderKey(kind: ReminderKind, sub: string, trialEndsAt: Date): string {
  return `${kind.toLowerCase().replaceAll('_', '-')}/${sub}/${trialEndsAt.getTime()}`;
}
