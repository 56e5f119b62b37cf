/**
 * A small stand-in for Stripe Tax on tax-inclusive prices: the EU standard VAT rate of the
 * customer's billing country, or a reverse charge when a business gives a VAT number of another EU
 * country than the seller's. Real Stripe Tax decides this from the account's registrations.
 */

/** EU standard VAT rates in percent, by ISO country code. */
export const EU_STANDARD_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

/** Where the stand-in's account (the seller) is established. */
export const SELLER_COUNTRY = 'DE';

export type TaxabilityReason = 'standard_rated' | 'reverse_charge' | 'not_collecting';

export interface VatOutcome {
  /** The VAT contained in the inclusive amount, in the currency's smallest unit. */
  amount: number;
  /** The amount VAT is computed on (the inclusive amount without the VAT). */
  taxableAmount: number;
  /** Percent; 0 for a reverse charge or outside the EU. */
  rate: number;
  reason: TaxabilityReason;
  country: string;
}

/** A VAT number's country prefix (Greece writes EL), when it looks like an EU VAT number. */
export function euVatCountry(value: string): string | null {
  const match = /^([A-Z]{2})[0-9A-Z]{8,12}$/.exec(value.replace(/[\s.-]/g, '').toUpperCase());
  if (!match) return null;
  const prefix = match[1] === 'EL' ? 'GR' : match[1]!;
  return prefix in EU_STANDARD_RATES ? prefix : null;
}

/** The VAT in `inclusiveAmount` for a customer in `country` with an optional EU VAT number. */
export function inclusiveVat(inclusiveAmount: number, country: string, vatNumber: string | null): VatOutcome {
  const rate = EU_STANDARD_RATES[country];
  if (rate === undefined)
    return { amount: 0, taxableAmount: inclusiveAmount, rate: 0, reason: 'not_collecting', country };
  const vatCountry = vatNumber ? euVatCountry(vatNumber) : null;
  if (vatCountry && vatCountry !== SELLER_COUNTRY)
    return { amount: 0, taxableAmount: inclusiveAmount, rate: 0, reason: 'reverse_charge', country };
  const amount = Math.round((inclusiveAmount * rate) / (100 + rate));
  return { amount, taxableAmount: inclusiveAmount - amount, rate, reason: 'standard_rated', country };
}
