import { describe, expect, it } from 'vitest';
import {
  accessAt,
  calendarPeriodEnd,
  cancelledAt,
  DAY_MS,
  GRACE_DAYS,
  newTrial,
  paidStartForCheckout,
  type SubscriptionFacts,
} from './access.js';

const start = new Date('2026-11-22T12:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);

function trial(over: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return { ...newTrial(start), stripeStatus: null, paidStartsAt: null, pastDueSince: null, ...over };
}

/** A yearly plan bought on day `paidOn` of the trial, as Stripe reports it. */
function yearly(over: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return trial({ plan: 'YEARLY', stripeStatus: 'active', currentPeriodStart: at(90), paidUntil: at(455), ...over });
}

describe('trial', () => {
  it('gives 90 days from the start', () => {
    const t = trial();
    expect(t.trialEndsAt.toISOString()).toBe('2027-02-20T12:00:00.000Z');
    expect(accessAt(t, start)).toEqual({
      phase: 'TRIAL',
      state: 'TRIAL',
      plan: 'TRIAL',
      remainingDays: 90,
      totalDays: 90,
      paidUntil: t.trialEndsAt,
      cancelledAt: null,
      startsAt: null,
      graceUntil: null,
    });
  });

  it('counts remaining whole days rounded up', () => {
    expect(accessAt(trial(), at(0.5)).remainingDays).toBe(90);
    expect(accessAt(trial(), at(1)).remainingDays).toBe(89);
    expect(accessAt(trial(), at(89.99)).remainingDays).toBe(1);
  });

  it('expires at the end of day 90', () => {
    expect(accessAt(trial(), at(90))).toMatchObject({
      phase: 'EXPIRED',
      state: 'EXPIRED',
      plan: 'TRIAL',
      remainingDays: 0,
      totalDays: 90,
    });
  });

  it('cancelled: access until its end, the first cancellation remembered', () => {
    const cancelled = trial({ cancelledAt: cancelledAt(trial(), at(3)) });
    expect(accessAt(cancelled, at(4))).toMatchObject({
      phase: 'TRIAL',
      state: 'CANCELLED',
      remainingDays: 86,
      cancelledAt: at(3),
    });
    expect(cancelledAt(cancelled, at(5))).toEqual(at(3));
    expect(accessAt(cancelled, at(90)).state).toBe('EXPIRED');
  });
});

describe('paid during the trial (scheduled)', () => {
  const scheduled = trial({
    plan: 'YEARLY',
    stripeStatus: 'trialing',
    currentPeriodStart: at(10),
    paidUntil: at(90),
    paidStartsAt: at(90),
  });

  it('keeps the trial running and shows the plan that starts at its end', () => {
    expect(accessAt(scheduled, at(10))).toMatchObject({
      phase: 'TRIAL',
      state: 'SCHEDULED',
      plan: 'YEARLY',
      remainingDays: 80,
      totalDays: 90,
      paidUntil: at(90),
      startsAt: at(90),
    });
  });

  it('becomes active when Stripe reports the first paid period', () => {
    const active = {
      ...scheduled,
      stripeStatus: 'active',
      currentPeriodStart: at(90),
      paidUntil: at(455),
      paidStartsAt: null,
    };
    expect(accessAt(active, at(91))).toMatchObject({
      phase: 'PAID',
      state: 'ACTIVE',
      plan: 'YEARLY',
      remainingDays: 364,
      totalDays: 365,
      paidUntil: at(455),
    });
  });

  it('cancelled before it starts: access until the trial ends, then expired', () => {
    const cancelled = { ...scheduled, cancelledAt: at(20) };
    expect(accessAt(cancelled, at(21))).toMatchObject({
      phase: 'TRIAL',
      state: 'CANCELLED',
      startsAt: null,
      paidUntil: at(90),
    });
    expect(accessAt(cancelled, at(90)).state).toBe('EXPIRED');
  });

  it('a Stripe subscription that ended early leaves the rest of the trial', () => {
    const ended = { ...scheduled, stripeStatus: 'canceled', paidUntil: at(30), cancelledAt: at(30) };
    expect(accessAt(ended, at(31))).toMatchObject({
      phase: 'TRIAL',
      state: 'CANCELLED',
      plan: 'TRIAL',
      paidUntil: at(90),
    });
    expect(accessAt(ended, at(90))).toMatchObject({ state: 'EXPIRED', plan: 'TRIAL' });
  });
});

describe('active paid plans', () => {
  it('are PAID until the period ends, with the period length as total days', () => {
    expect(accessAt(yearly(), at(100))).toMatchObject({
      phase: 'PAID',
      state: 'ACTIVE',
      remainingDays: 355,
      totalDays: 365,
    });
    const monthly = yearly({ plan: 'MONTHLY', paidUntil: at(121) });
    expect(accessAt(monthly, at(91))).toMatchObject({ phase: 'PAID', remainingDays: 30, totalDays: 31 });
  });

  it('cancelled: access until the period ends, then expired', () => {
    const cancelled = yearly({ cancelledAt: at(100) });
    expect(accessAt(cancelled, at(101))).toMatchObject({
      phase: 'PAID',
      state: 'CANCELLED',
      cancelledAt: at(100),
      paidUntil: at(455),
    });
    expect(accessAt(cancelled, at(455))).toMatchObject({ phase: 'EXPIRED', state: 'EXPIRED', plan: 'YEARLY' });
    expect(accessAt({ ...cancelled, stripeStatus: 'canceled' }, at(456))).toMatchObject({
      state: 'EXPIRED',
      paidUntil: at(455),
    });
  });

  it('waits for Stripe word of a renewal, but not past the grace period', () => {
    expect(accessAt(yearly(), at(455.5))).toMatchObject({ phase: 'PAID', state: 'ACTIVE', remainingDays: 0 });
    expect(accessAt(yearly(), at(455 + GRACE_DAYS)).state).toBe('EXPIRED');
  });
});

describe('a paid period is a calendar month or year, as Stripe counts it', () => {
  const utc = (iso: string) => new Date(iso);

  it('ends on the same day of the next month or year; a day the month lacks becomes its last', () => {
    expect(calendarPeriodEnd(utc('2027-03-01T10:00:00Z'), 'YEARLY')).toEqual(utc('2028-03-01T10:00:00Z'));
    expect(calendarPeriodEnd(utc('2028-02-29T23:30:00Z'), 'YEARLY')).toEqual(utc('2029-02-28T23:30:00Z'));
    expect(calendarPeriodEnd(utc('2027-01-31T12:00:00Z'), 'MONTHLY')).toEqual(utc('2027-02-28T12:00:00Z'));
    expect(calendarPeriodEnd(utc('2028-01-31T12:00:00Z'), 'MONTHLY')).toEqual(utc('2028-02-29T12:00:00Z'));
    expect(calendarPeriodEnd(utc('2027-12-31T23:30:00Z'), 'MONTHLY')).toEqual(utc('2028-01-31T23:30:00Z'));
  });

  it('counts its days from its own dates: a year that holds 29 February has 366', () => {
    const from = utc('2027-03-01T10:00:00Z');
    const year = yearly({ stripeStatus: 'active', currentPeriodStart: from, paidUntil: utc('2028-03-01T10:00:00Z') });
    expect(accessAt(year, utc('2027-03-01T11:00:00Z'))).toMatchObject({ totalDays: 366, remainingDays: 366 });
    const february = yearly({
      plan: 'MONTHLY',
      stripeStatus: 'active',
      currentPeriodStart: utc('2028-02-01T10:00:00Z'),
      paidUntil: utc('2028-03-01T10:00:00Z'),
    });
    expect(accessAt(february, utc('2028-02-01T11:00:00Z')).totalDays).toBe(29);
  });

  it('without a period of its own yet, the calendar period from its start', () => {
    const from = utc('2028-02-01T10:00:00Z');
    const unreported = { stripeStatus: 'active', currentPeriodStart: from, paidUntil: from, cancelledAt: null };
    expect(accessAt(yearly({ ...unreported, plan: 'YEARLY' }), from).totalDays).toBe(366);
    expect(accessAt(yearly({ ...unreported, plan: 'MONTHLY' }), from).totalDays).toBe(29);
  });
});

describe('failed renewal (past due)', () => {
  const pastDue = yearly({
    stripeStatus: 'past_due',
    currentPeriodStart: at(455),
    paidUntil: at(820),
    pastDueSince: at(455),
  });

  it('keeps access for a 7-day grace period, with its end', () => {
    expect(accessAt(pastDue, at(456))).toMatchObject({
      phase: 'PAID',
      state: 'PAST_DUE',
      graceUntil: at(462),
      remainingDays: 6,
    });
  });

  it('then expires, also before Stripe gives up', () => {
    expect(accessAt(pastDue, at(462))).toMatchObject({ phase: 'EXPIRED', state: 'EXPIRED', graceUntil: null });
  });

  it('a payment during the grace period makes the plan active again', () => {
    expect(accessAt({ ...pastDue, stripeStatus: 'active', pastDueSince: null }, at(460)).state).toBe('ACTIVE');
  });
});

describe('where a Checkout starts the paid time', () => {
  it('at the trial end with more than 2 days left, else at once', () => {
    expect(paidStartForCheckout(trial(), at(10))).toEqual(at(90));
    expect(paidStartForCheckout(trial(), at(87.9))).toEqual(at(90));
    expect(paidStartForCheckout(trial(), at(88))).toBeNull();
    expect(paidStartForCheckout(trial(), at(95))).toBeNull();
  });
});
