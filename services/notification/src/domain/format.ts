/** Size and time labels of spec §5, in the mail's language. */
import type { MailLanguage } from '../mail/i18n.js';
import { strings } from '../mail/i18n.js';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * Steps of 1024; under 1024 shows B. The same label as the screens (`@ferry/shell-sdk/format`, a
 * front-end package): two decimals under 10, one under 100, trailing zeros dropped, the number
 * written the way the mail's language writes numbers.
 */
export function sizeLabel(bytes: number, lang: MailLanguage = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  let shown = Number(value.toFixed(digits));
  if (shown >= 1024 && unit < UNITS.length - 1) {
    shown = 1;
    unit++;
  }
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits, useGrouping: false }).format(shown)} ${UNITS[unit]}`;
}

/** Days and hours, or hours and minutes, or minutes; '' when unknown, the expired text when past. */
export function expiresInLabel(expiresAt: Date | undefined, now: Date, lang: MailLanguage): string {
  if (!expiresAt) return '';
  const t = strings[lang];
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return t.expired;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${t.days(days)} ${t.hours(hours)}`;
  if (hours > 0) return `${t.hours(hours)} ${t.minutes(mins)}`;
  return t.minutes(Math.max(1, mins));
}
