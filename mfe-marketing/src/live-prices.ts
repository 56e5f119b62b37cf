import { useEffect, useState } from 'react';
import { PRICE_EUR } from './constants';

/** The two plans' prices in whole euros, VAT included. */
export interface PlanPrices {
  monthly: number;
  yearly: number;
}

/**
 * The prices in a `GET /api/billing/plans` answer (Stripe's prices, read by the billing service),
 * or null when it lacks either plan in EUR.
 */
export function pricesFromPlans(body: unknown): PlanPrices | null {
  const plans = (body as { plans?: unknown } | null)?.plans;
  if (!Array.isArray(plans)) return null;
  const euros = (plan: string): number | undefined => {
    const found = plans.find(
      (p: { plan?: unknown; currency?: unknown; unit_amount?: unknown }) =>
        p?.plan === plan && p.currency === 'eur' && typeof p.unit_amount === 'number' && p.unit_amount > 0,
    ) as { unit_amount: number } | undefined;
    return found ? found.unit_amount / 100 : undefined;
  };
  const monthly = euros('monthly');
  const yearly = euros('yearly');
  return monthly !== undefined && yearly !== undefined ? { monthly, yearly } : null;
}

/**
 * The billing service's prices once they have loaded; until then (and on the pre-rendered page, or
 * when payments are off) the spec's prices, which Stripe's prices are set up from.
 */
export function useLivePrices(): PlanPrices {
  const [prices, setPrices] = useState<PlanPrices>(PRICE_EUR);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/billing/plans', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        const live = pricesFromPlans(body);
        if (live) setPrices(live);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return prices;
}
