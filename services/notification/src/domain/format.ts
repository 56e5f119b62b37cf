/** The time label of spec §5, in the mail's language (the size label is `sizeLabel` of @ferry/rules). */
import type { MailLanguage } from '../mail/i18n.js';
import { strings } from '../mail/i18n.js';

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
