import { describe, expect, it } from 'vitest';
import { DAY_MS } from './access.js';
import { dueReminder, reminderKey, type ReminderFacts } from './reminders.js';

const end = new Date('2027-02-20T12:00:00.000Z');
const daysBefore = (days: number) => new Date(end.getTime() - days * DAY_MS);
const none = { reminder7dSentAt: null, reminder1dSentAt: null, reminderEndedSentAt: null };
const trial = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  plan: 'TRIAL',
  stripeStatus: null,
  trialEndsAt: end,
  ...none,
  ...over,
});

describe('trial reminders', () => {
  it('fall due 7 days and 1 day before the end, and at the end', () => {
    expect(dueReminder(trial(), daysBefore(7.01))).toBeNull();
    expect(dueReminder(trial(), daysBefore(7))).toBe('TRIAL_ENDS_IN_7_DAYS');
    expect(dueReminder(trial({ reminder7dSentAt: daysBefore(7) }), daysBefore(2))).toBeNull();
    expect(dueReminder(trial({ reminder7dSentAt: daysBefore(7) }), daysBefore(1))).toBe('TRIAL_ENDS_IN_1_DAY');
    expect(
      dueReminder(trial({ reminder7dSentAt: daysBefore(7), reminder1dSentAt: daysBefore(1) }), daysBefore(0.5)),
    ).toBeNull();
    expect(dueReminder(trial({ reminder7dSentAt: daysBefore(7), reminder1dSentAt: daysBefore(1) }), end)).toBe(
      'TRIAL_ENDED',
    );
  });

  it('are each sent once', () => {
    const all = { reminder7dSentAt: daysBefore(7), reminder1dSentAt: daysBefore(1), reminderEndedSentAt: end };
    expect(dueReminder(trial(all), daysBefore(-30))).toBeNull();
  });

  it('after a jump past several, only the latest goes out', () => {
    expect(dueReminder(trial(), daysBefore(0.5))).toBe('TRIAL_ENDS_IN_1_DAY');
    expect(dueReminder(trial(), daysBefore(-1))).toBe('TRIAL_ENDED');
    expect(dueReminder(trial({ reminderEndedSentAt: end }), daysBefore(0.5))).toBeNull();
  });

  it('go to nobody with a paid plan (scheduled, active or in grace), but to someone whose plan ended', () => {
    for (const stripeStatus of ['trialing', 'active', 'past_due'])
      expect(dueReminder(trial({ plan: 'YEARLY', stripeStatus }), daysBefore(1))).toBeNull();
    expect(dueReminder(trial({ plan: 'YEARLY', stripeStatus: 'canceled' }), daysBefore(1))).toBe('TRIAL_ENDS_IN_1_DAY');
  });

  it('are keyed by kind, account and trial end', () => {
    expect(reminderKey('TRIAL_ENDS_IN_7_DAYS', 'sub-ann', end)).toBe(`trial-ends-in-7-days/sub-ann/${end.getTime()}`);
    expect(reminderKey('TRIAL_ENDED', 'sub-ann', end)).toBe(`trial-ended/sub-ann/${end.getTime()}`);
  });
});
