import { formatDate as formatDateIn } from '@ferry/shell-sdk/format';

/** Prices are in EUR, shown without decimals (spec §1). */
export function formatEuro(amount: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount);
}

export function formatDate(isoDate: string, language: string): string {
  return formatDateIn(new Date(`${isoDate}T00:00:00Z`), language, { dateStyle: 'long', timeZone: 'UTC' });
}
