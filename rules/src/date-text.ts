/**
 * A date (and time) as `locale` writes it, through Intl.DateTimeFormat, with the one rule CLDR leaves
 * out: French writes the first day of a month as an ordinal ('1er mai 2026', but '2 mai 2026').
 * Only a written month takes the ordinal; a numeric date ('01/05/2026') stays as it is.
 */
export function formatDate(value: Date | number, locale: string, options: Intl.DateTimeFormatOptions): string {
  const format = new Intl.DateTimeFormat(locale, options);
  if (!/^fr\b/i.test(format.resolvedOptions().locale)) return format.format(value);
  const parts = format.formatToParts(value);
  const writtenMonth = parts.some((p) => p.type === 'month' && /\p{L}/u.test(p.value));
  return parts.map((p) => (writtenMonth && p.type === 'day' && /^0?1$/.test(p.value) ? '1er' : p.value)).join('');
}
