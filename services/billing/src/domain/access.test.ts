import { describe, expect, it } from 'vitest';
import { accessAt, cancelledAt, DAY_MS, newTrial } from './access.js';

const start = new Date('2026-11-22T12:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);

describe('trial', () => {
  it('gives 90 days from the start', () => {
    const trial = newTrial(start);
    expect(trial.paidUntil.toISOString()).toBe('2027-02-20T12:00:00.000Z');
    expect(accessAt(trial, start)).toEqual({ phase: 'TRIAL', plan: 'TRIAL', remainingDays: 90, totalDays: 90, paidUntil: trial.paidUntil, cancelledAt: null });
  });

  it('counts remaining whole days rounded up', () => {
    const trial = newTrial(start);
    expect(accessAt(trial, at(0.5)).remainingDays).toBe(90);
    expect(accessAt(trial, at(1)).remainingDays).toBe(89);
    expect(accessAt(trial, at(89.99)).remainingDays).toBe(1);
  });

  it('expires at the end of day 90', () => {
    const trial = newTrial(start);
    expect(accessAt(trial, at(90)).phase).toBe('EXPIRED');
    expect(accessAt(trial, at(90)).remainingDays).toBe(0);
    expect(accessAt(trial, at(90)).totalDays).toBe(90);
  });
});

describe('paid plans', () => {
  it('are PAID until paidUntil, with the period length as total days', () => {
    const yearly = { plan: 'YEARLY' as const, currentPeriodStart: start, paidUntil: at(365), cancelledAt: null };
    expect(accessAt(yearly, at(10))).toMatchObject({ phase: 'PAID', remainingDays: 355, totalDays: 365 });
    const monthly = { plan: 'MONTHLY' as const, currentPeriodStart: start, paidUntil: at(31), cancelledAt: null };
    expect(accessAt(monthly, at(1))).toMatchObject({ phase: 'PAID', remainingDays: 30, totalDays: 31 });
    expect(accessAt(monthly, at(31)).phase).toBe('EXPIRED');
  });
});

describe('cancel', () => {
  it('keeps access until the end of the period and remembers the first cancellation', () => {
    const trial = newTrial(start);
    const cancelled = { ...trial, cancelledAt: cancelledAt(trial, at(3)) };
    expect(accessAt(cancelled, at(4))).toMatchObject({ phase: 'TRIAL', remainingDays: 86, cancelledAt: at(3) });
    expect(cancelledAt(cancelled, at(5))).toEqual(at(3));
    expect(accessAt(cancelled, at(90)).phase).toBe('EXPIRED');
  });
});
