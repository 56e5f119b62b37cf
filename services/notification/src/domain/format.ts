/** The time label of spec §5, in the mail's language (the size label is `sizeLabel` of @ferry/rules). */
import { formatCountdown } from '@ferry/rules';
import type { MailLanguage } from '../mail/i18n.js';
import { strings } from '../mail/i18n.js';

/**
 * The time left in words, by the shared countdown formatter ('6 days, 5 hours'; Arabic 'يومان وساعتان');
 * '' when unknown, the expired text when past.
 */
export function expiresInLabel(expiresAt: Date | undefined, now: Date, lang: MailLanguage): string {
  if (!expiresAt) return '';
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return strings[lang].expired;
  return formatCountdown(ms, lang, 'words');
}
