import { describe, expect, it } from 'vitest';
import { pricesFromPlans } from './live-prices';

describe('prices from the billing service', () => {
  it('reads both plans in whole euros', () => {
    expect(
      pricesFromPlans({
        plans: [
          { plan: 'yearly', unit_amount: 1000, currency: 'eur', interval: 'year' },
          { plan: 'monthly', unit_amount: 200, currency: 'eur', interval: 'month' },
        ],
      }),
    ).toEqual({ monthly: 2, yearly: 10 });
  });

  it('keeps the spec prices (null) for a missing plan, another currency or no plans (payments off)', () => {
    expect(pricesFromPlans({ plans: [{ plan: 'monthly', unit_amount: 200, currency: 'eur' }] })).toBeNull();
    expect(
      pricesFromPlans({
        plans: [
          { plan: 'monthly', unit_amount: 200, currency: 'usd' },
          { plan: 'yearly', unit_amount: 1000, currency: 'usd' },
        ],
      }),
    ).toBeNull();
    expect(pricesFromPlans({ plans: [] })).toBeNull();
    expect(pricesFromPlans(null)).toBeNull();
  });
});
