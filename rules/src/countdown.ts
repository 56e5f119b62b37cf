import { normaliseLanguage, type LanguageCode } from './languages.js';

/** How a time left is shown: the upload row's ticking countdown, the download page's expiry label, or a sentence in a mail. */
export type CountdownPrecision = 'full' | 'label' | 'words';

type Unit = 'day' | 'hour' | 'minute' | 'second';
type Display = 'narrow' | 'short' | 'long';

/**
 * CLDR's narrow units are the compact form, except where they are ambiguous or foreign: Latin letters in
 * Japanese ('6d23h'), 's' for both saat and saniye in Turkish, 'T'/'h' mixed in German. There the short
 * units read naturally.
 */
const COMPACT_DISPLAY: Partial<Record<LanguageCode, Display>> = {
  ja: 'short',
  de: 'short',
  tr: 'short',
  uk: 'short',
  pl: 'short',
};

const SECOND = 1_000;
const UNIT_SECONDS: Record<Unit, number> = { day: 86_400, hour: 3_600, minute: 60, second: 1 };

function split(totalSeconds: number): Record<Unit, number> {
  return {
    day: Math.floor(totalSeconds / UNIT_SECONDS.day),
    hour: Math.floor((totalSeconds % UNIT_SECONDS.day) / UNIT_SECONDS.hour),
    minute: Math.floor((totalSeconds % UNIT_SECONDS.hour) / UNIT_SECONDS.minute),
    second: totalSeconds % UNIT_SECONDS.minute,
  };
}

/**
 * Words CLDR gets wrong for a mail or the expiry picker: Swedish counts a day as «dygn» (24 hours) where
 * the product says «dagar»; Hebrew writes one of a unit as the noun with «אחד/אחת» ('יום אחד'), not '1 יום'.
 */
const WORDS: Partial<Record<LanguageCode, (unit: Unit, value: number, number: string) => string | undefined>> = {
  sv: (unit, value, number) => (unit === 'day' ? `${number} ${value === 1 ? 'dag' : 'dagar'}` : undefined),
  he: (unit, value) =>
    value === 1 ? { day: 'יום אחד', hour: 'שעה אחת', minute: 'דקה אחת', second: 'שנייה אחת' }[unit] : undefined,
};

function unitText(language: LanguageCode, unit: Unit, value: number, display: Display): string {
  if (display === 'long') {
    const word = WORDS[language]?.(unit, value, new Intl.NumberFormat(language).format(value));
    if (word) return word;
  }
  const text = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: display }).format(value);
  // Japanese short units carry a space before the unit ('6 日'); written Japanese has none.
  return language === 'ja' ? text.replace(/\s+/g, '') : text;
}

function join(language: LanguageCode, parts: string[], display: Display): string {
  // Hebrew joins two amounts with «ו»: 'יום אחד ושעה', '6 ימים ו־23 שעות' (a maqaf before a digit).
  if (language === 'he' && display === 'long' && parts.length === 2) {
    const second = parts[1]!.replace(/ אחת$| אחד$/, '');
    return `${parts[0]} ו${/^\d/.test(second) ? '־' : ''}${second}`;
  }
  const style = display === 'long' ? 'long' : 'narrow';
  const joined = new Intl.ListFormat(language, { type: 'unit', style }).format(parts);
  return language === 'ja' ? joined.replace(/\s+/g, '') : joined;
}

/** Which units each precision shows, from the largest that is not zero. */
function unitsToShow(parts: Record<Unit, number>, precision: CountdownPrecision): Unit[] {
  const order: Unit[] = ['day', 'hour', 'minute', 'second'];
  const first = order.findIndex((u) => parts[u] > 0);
  if (first < 0) return ['second'];
  if (precision === 'full') return order.slice(first);
  // The label and the mail show the two largest units ('6d 23h', '3h 5m'), the second only when it is not zero.
  return order.slice(first, first + 2).filter((u, i) => i === 0 || parts[u] > 0);
}

/**
 * The time left until an expiry, written the way `language` writes durations (spec §2's 'Nd HHu MMm SSs'
 * is the Dutch form of this). One formatter for every screen and mail:
 * - 'full': every unit from the largest non-zero one down to seconds ('6d 23h 5m 9s'), for the ticking row;
 * - 'label': the two largest units ('6d 23h'), for the download page;
 * - 'words': the two largest units in words ('6 days, 23 hours'; Arabic duals without the number), for mails.
 * Zero or less is zero seconds; callers show their own "expired" text instead.
 */
export function formatCountdown(remainingMs: number, language = 'en', precision: CountdownPrecision = 'full'): string {
  const lang = normaliseLanguage(language);
  const total = Number.isFinite(remainingMs) ? Math.max(0, Math.floor(remainingMs / SECOND)) : 0;
  const parts = split(total);
  const display: Display = precision === 'words' ? 'long' : (COMPACT_DISPLAY[lang] ?? 'narrow');
  const shown = unitsToShow(parts, precision).map((u) => unitText(lang, u, parts[u], display));
  return join(lang, shown, display);
}
