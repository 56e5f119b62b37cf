import { describe, expect, it } from 'vitest';
import type { AccessStatus } from '../api/billing-api';
import { daysRemaining, remainingShare } from './plan';

const trial = (over: Partial<AccessStatus> = {}): AccessStatus => ({
  phase: 'trial',
  state: 'trial',
  plan: 'trial',
  remaining_days: 90,
  total_days: 90,
  paid_until: null,
  cancelled_at: null,
  starts_at: null,
  grace_until: null,
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe('days remaining: calendar days in the user’s time zone', () => {
  it('counts dates, not 24-hour blocks: 09:00 today to 10:00 the day after tomorrow is 2 days', () => {
    const status = trial({ paid_until: '2027-05-12T10:00:00Z', remaining_days: 3 });
    expect(daysRemaining(status, at('2027-05-10T09:00:00Z'), 'UTC')).toBe(2);
  });

  it('drops at the user’s midnight', () => {
    const status = trial({ paid_until: '2027-05-12T10:00:00+02:00' });
    expect(daysRemaining(status, at('2027-05-10T23:59:00+02:00'), 'Europe/Berlin')).toBe(2);
    expect(daysRemaining(status, at('2027-05-11T00:01:00+02:00'), 'Europe/Berlin')).toBe(1);
  });

  it('a daylight-saving change between is no day more or less', () => {
    // Berlin's clocks go forward on 28 March 2027 and back on 31 October 2027.
    const spring = trial({ paid_until: '2027-03-29T12:00:00+02:00' });
    expect(daysRemaining(spring, at('2027-03-27T12:00:00+01:00'), 'Europe/Berlin')).toBe(2);
    const autumn = trial({ paid_until: '2027-11-01T00:30:00+01:00' });
    expect(daysRemaining(autumn, at('2027-10-30T23:30:00+02:00'), 'Europe/Berlin')).toBe(2);
  });

  it('one instant is a different count in different zones', () => {
    const status = trial({ paid_until: '2027-01-02T06:00:00Z' });
    const now = at('2026-12-31T20:00:00Z');
    expect(daysRemaining(status, now, 'UTC')).toBe(2);
    expect(daysRemaining(status, now, 'Pacific/Auckland')).toBe(1);
    expect(daysRemaining(status, now, 'America/Los_Angeles')).toBe(1);
  });

  it('the last day counts until the end; then none', () => {
    const status = trial({ paid_until: '2028-02-29T18:00:00Z' });
    expect(daysRemaining(status, at('2028-02-29T09:00:00Z'), 'UTC')).toBe(1);
    expect(daysRemaining(status, at('2028-02-29T18:00:00Z'), 'UTC')).toBe(0);
  });

  it('a calendar year with 29 February is 366 days, and never more than the period', () => {
    const yearly = trial({ phase: 'paid', state: 'active', plan: 'yearly', total_days: 366, remaining_days: 366 });
    expect(daysRemaining({ ...yearly, paid_until: '2028-03-01T10:00:00Z' }, at('2027-03-01T10:00:00Z'), 'UTC')).toBe(
      366,
    );
    // A month that started at 23:30 in Berlin before the clocks went forward ends at 00:30 local time.
    const monthly = { ...yearly, plan: 'monthly' as const, total_days: 31, paid_until: '2027-04-27T22:30:00Z' };
    expect(daysRemaining(monthly, at('2027-03-27T22:30:00Z'), 'Europe/Berlin')).toBe(31);
  });

  it('counts to the grace date while a payment is overdue, to the start while a plan is booked', () => {
    const pastDue = trial({
      phase: 'paid',
      state: 'past_due',
      plan: 'monthly',
      total_days: 31,
      paid_until: '2027-06-01T10:00:00Z',
      grace_until: '2027-06-08T10:00:00Z',
    });
    expect(daysRemaining(pastDue, at('2027-06-02T10:00:00Z'), 'UTC')).toBe(6);
    const scheduled = trial({ state: 'scheduled', plan: 'yearly', starts_at: '2027-06-08T10:00:00Z' });
    expect(daysRemaining(scheduled, at('2027-06-02T10:00:00Z'), 'UTC')).toBe(6);
  });

  it('without a date, or once ended, the server’s count', () => {
    expect(daysRemaining(trial({ remaining_days: 12 }), at('2027-06-02T10:00:00Z'), 'UTC')).toBe(12);
    expect(
      daysRemaining(
        trial({ phase: 'expired', state: 'expired', remaining_days: 0, paid_until: '2027-07-01T00:00:00Z' }),
        at('2027-06-02T10:00:00Z'),
        'UTC',
      ),
    ).toBe(0);
  });

  it('fills the bar by the days remaining', () => {
    expect(remainingShare(trial(), 45)).toBe(0.5);
    expect(remainingShare(trial({ total_days: 0 }), 45)).toBe(0);
  });
});
