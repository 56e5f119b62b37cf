import type Stripe from 'stripe';
import type { PaidPlanName } from '../domain/access.js';

/** The product and its two prices (spec §9: 2 EUR a month, 10 EUR a year), found by lookup key. */
export const PRODUCT = { name: 'Ferry Pro', metadataKey: 'ferry_product', metadataValue: 'ferry_pro' } as const;
export const PRICES: Record<
  PaidPlanName,
  { lookupKey: string; unitAmount: number; currency: 'eur'; interval: 'month' | 'year'; bestValue: boolean }
> = {
  MONTHLY: { lookupKey: 'ferry_monthly_eur', unitAmount: 200, currency: 'eur', interval: 'month', bestValue: false },
  YEARLY: { lookupKey: 'ferry_yearly_eur', unitAmount: 1000, currency: 'eur', interval: 'year', bestValue: true },
};
const PLANS = Object.keys(PRICES) as PaidPlanName[];

export interface PlanPriceInfo {
  plan: PaidPlanName;
  priceId: string;
  unitAmount: number;
  currency: string;
  interval: string;
  bestValue: boolean;
}

/** The active prices by lookup key; a plan without one is missing from the answer. */
export async function lookupPrices(stripe: Stripe): Promise<Partial<Record<PaidPlanName, PlanPriceInfo>>> {
  const list = await stripe.prices.list({
    lookup_keys: PLANS.map((p) => PRICES[p].lookupKey),
    active: true,
    limit: 10,
  });
  const found: Partial<Record<PaidPlanName, PlanPriceInfo>> = {};
  for (const plan of PLANS) {
    const price = list.data.find((p) => p.lookup_key === PRICES[plan].lookupKey);
    if (!price) continue;
    found[plan] = {
      plan,
      priceId: price.id,
      unitAmount: price.unit_amount ?? PRICES[plan].unitAmount,
      currency: price.currency,
      interval: price.recurring?.interval ?? PRICES[plan].interval,
      bestValue: PRICES[plan].bestValue,
    };
  }
  return found;
}

/**
 * Creates the product and the missing prices once (idempotency keys per object; a second run finds
 * the prices by lookup key and creates nothing). Answers every plan's price.
 */
export async function ensurePrices(stripe: Stripe): Promise<Record<PaidPlanName, PlanPriceInfo>> {
  const existing = await lookupPrices(stripe);
  const missing = PLANS.filter((p) => !existing[p]);
  if (missing.length > 0) {
    const known = Object.values(existing)[0];
    const productId = known
      ? (await stripe.prices.retrieve(known.priceId)).product
      : (
          await stripe.products.create(
            { name: PRODUCT.name, metadata: { [PRODUCT.metadataKey]: PRODUCT.metadataValue } },
            { idempotencyKey: 'ferry-setup/product/ferry_pro' },
          )
        ).id;
    for (const plan of missing) {
      const p = PRICES[plan];
      await stripe.prices.create(
        {
          product: typeof productId === 'string' ? productId : productId.id,
          currency: p.currency,
          unit_amount: p.unitAmount,
          recurring: { interval: p.interval },
          lookup_key: p.lookupKey,
          nickname: `Ferry Pro ${p.interval}ly`,
          tax_behavior: 'inclusive',
        },
        { idempotencyKey: `ferry-setup/price/${p.lookupKey}` },
      );
    }
  }
  await makePricesTaxInclusive(stripe);
  const all = await lookupPrices(stripe);
  for (const plan of PLANS)
    if (!all[plan]) throw new Error(`Stripe has no active price with lookup_key ${PRICES[plan].lookupKey}`);
  return all as Record<PaidPlanName, PlanPriceInfo>;
}

/**
 * Prices are shown to consumers with VAT included, so Stripe Tax takes the VAT out of them. A price
 * made before that (`unspecified`) is set once; Stripe allows no change after.
 */
async function makePricesTaxInclusive(stripe: Stripe): Promise<void> {
  const list = await stripe.prices.list({
    lookup_keys: PLANS.map((p) => PRICES[p].lookupKey),
    active: true,
    limit: 10,
  });
  for (const price of list.data)
    if (price.tax_behavior === 'unspecified' || price.tax_behavior === null)
      await stripe.prices.update(
        price.id,
        { tax_behavior: 'inclusive' },
        { idempotencyKey: `ferry-setup/price-tax/${price.id}` },
      );
}

/** Which plan a Stripe price is: by lookup key, else by its interval. */
export function planOfPrice(
  price: { lookup_key?: string | null; recurring?: { interval?: string } | null } | null | undefined,
): PaidPlanName {
  for (const plan of PLANS) if (price?.lookup_key === PRICES[plan].lookupKey) return plan;
  return price?.recurring?.interval === 'year' ? 'YEARLY' : 'MONTHLY';
}
