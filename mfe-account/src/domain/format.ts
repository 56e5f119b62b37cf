import { formatDate as formatDateIn } from '@ferry/shell-sdk/format';
import type { PlanPrice } from '../api/billing-api';

/** A date of the status (ISO) in the page's language, long form; undefined when missing or unreadable. */
export function formatDate(iso: string | null, language: string): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  try {
    return formatDateIn(d, language, { dateStyle: 'long' });
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

/** Spec §1: prices in their currency (EUR) without decimals; an amount with cents keeps them. */
export function formatPrice(price: Pick<PlanPrice, 'unit_amount' | 'currency'>, language: string): string {
  const whole = price.unit_amount % 100 === 0;
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  };
  try {
    return new Intl.NumberFormat(language, options).format(price.unit_amount / 100);
  } catch {
    return new Intl.NumberFormat('en', options).format(price.unit_amount / 100);
  }
}
