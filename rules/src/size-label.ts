import { normaliseLanguage, type LanguageCode } from './languages.js';

type Units = readonly [string, string, string, string, string, string];

const UNITS: Units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
/** Languages that write byte units their own way (French counts octets, Ukrainian writes Cyrillic units). */
const UNITS_BY_LANGUAGE: Partial<Record<LanguageCode, Units>> = {
  fr: ['o', 'ko', 'Mo', 'Go', 'To', 'Po'],
  uk: ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ', 'ПБ'],
};

/** "Per second" after a size, as `language` writes it ('МБ/с' in Ukrainian). */
export function perSecond(language: string): string {
  return normaliseLanguage(language) === 'uk' ? '/с' : '/s';
}

/** The six units, bytes to petabytes, as `language` writes them. */
export function sizeUnits(language: string): Units {
  return UNITS_BY_LANGUAGE[normaliseLanguage(language)] ?? UNITS;
}

/**
 * Spec §5: B, KB, MB, GB, TB, PB in steps of 1024; under 1024 shows whole bytes. Two decimals
 * under 10, one under 100, none above; trailing zeros dropped ('1.5 MB', '12 MB', '1.23 GB'). The
 * number and the unit are written the way `language` writes them ('1,5 MB' in German, '1,5 Mo' in
 * French). An invalid size is ''.
 */
export function sizeLabel(bytes: number, language = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = sizeUnits(language);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  let shown = Number(value.toFixed(digits));
  // 1023.9 MB rounds to 1024: that is 1 GB.
  if (shown >= 1024 && unit < units.length - 1) {
    shown = 1;
    unit++;
  }
  return `${numberFormat(language, digits).format(shown)} ${units[unit]}`;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}/${digits}`;
  let format = formats.get(key);
  if (!format) {
    let locale = language;
    try {
      Intl.NumberFormat.supportedLocalesOf(language);
    } catch {
      locale = 'en'; // not a language tag
    }
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false });
    formats.set(key, format);
  }
  return format;
}
