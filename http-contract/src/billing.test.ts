import { describe, expect, it } from 'vitest';
import { AccessStatus, CheckoutBody, ClockAdvanceBody, MAX_CLOCK_ADVANCE_SECONDS, PlansResponse } from './billing.js';
import { ERROR_CODES } from './errors.js';
import { openApiDocument } from './openapi.js';

const status = {
  phase: 'paid',
  remaining_days: 300,
  total_days: 365,
  paid_until: '2027-11-25T10:00:00.000Z',
  cancelled_at: null,
  plan: 'yearly',
  state: 'scheduled',
  starts_at: '2026-12-01T10:00:00.000Z',
  grace_until: null,
};

describe('billing contract', () => {
  it('the status carries plan, state, starts_at and grace_until, and nothing unknown', () => {
    expect(AccessStatus.safeParse(status).success).toBe(true);
    const { starts_at: _gone, ...missing } = status;
    expect(AccessStatus.safeParse(missing).success).toBe(false);
    expect(AccessStatus.safeParse({ ...status, state: 'paused' }).success).toBe(false);
    expect(AccessStatus.safeParse({ ...status, extra: 1 }).success).toBe(false);
  });

  it('plans: monthly and yearly prices in euro minor units', () => {
    const plans = [
      { plan: 'monthly', unit_amount: 200, currency: 'eur', interval: 'month', best_value: false },
      { plan: 'yearly', unit_amount: 1000, currency: 'eur', interval: 'year', best_value: true },
    ];
    expect(PlansResponse.safeParse({ plans }).success).toBe(true);
    expect(PlansResponse.safeParse({ plans: [{ ...plans[0], plan: 'trial' }] }).success).toBe(false);
    expect(PlansResponse.safeParse({ plans: [{ ...plans[0], unit_amount: 2.5 }] }).success).toBe(false);
  });

  it('checkout takes a paid plan only, with a clear message otherwise', () => {
    expect(CheckoutBody.parse({ plan: 'yearly' }).plan).toBe('yearly');
    const trial = CheckoutBody.safeParse({ plan: 'trial' });
    expect(trial.success).toBe(false);
    expect(trial.error?.issues[0]?.message).toBe('plan must be "monthly" or "yearly"');
    expect(CheckoutBody.safeParse({}).success).toBe(false);
  });

  it('the clock moves by days and seconds together, forward, at most two years', () => {
    expect(ClockAdvanceBody.parse({ days: 91 })).toEqual({ seconds: 91 * 86_400 });
    expect(ClockAdvanceBody.parse({ days: 0.5, seconds: 10 })).toEqual({ seconds: 43_210 });
    expect(ClockAdvanceBody.parse({ seconds: MAX_CLOCK_ADVANCE_SECONDS })).toEqual({
      seconds: MAX_CLOCK_ADVANCE_SECONDS,
    });
    for (const bad of [
      {},
      { days: 0 },
      { days: -1 },
      { seconds: '5' },
      { seconds: MAX_CLOCK_ADVANCE_SECONDS + 1 },
      { days: Number.NaN },
    ]) {
      expect(ClockAdvanceBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('the refusals have codes, and the OpenAPI document names them on their routes', () => {
    for (const code of ['subscription_expired', 'already_subscribed', 'no_billing_account', 'nothing_to_resume'])
      expect(ERROR_CODES).toContain(code);
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(doc.paths['/api/shorten']!.post!.responses['402']!.description).toMatch(/^subscription_expired/);
    expect(doc.paths['/api/billing/checkout']!.post!.responses['409']!.description).toMatch(/^already_subscribed/);
    expect(doc.paths['/api/billing/portal']!.post!.responses['409']!.description).toMatch(/^no_billing_account/);
    expect(doc.paths['/api/billing/resume']!.post!.responses['409']!.description).toMatch(/^nothing_to_resume/);
    expect(doc.paths['/api/billing/plans']!.get!.responses['200']).toBeDefined();
  });
});
