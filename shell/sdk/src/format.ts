/**
 * Labels every screen shows the same way. Imported as `@ferry/shell-sdk/format`: a subpath is not
 * the shared singleton, so each remote bundles its own copy and never depends on the shell's version.
 */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * Spec §5: B, KB, MB, GB, TB, PB in steps of 1024; under 1024 shows whole bytes. Two decimals
 * under 10, one under 100, none above; trailing zeros dropped ('1.5 MB', '12 MB', '1.23 GB'). The
 * number is written the way `language` writes numbers ('1,5 MB' in German). An invalid size is ''.
 */
export function sizeLabel(bytes: number, language = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  let shown = Number(value.toFixed(digits));
  // 1023.9 MB rounds to 1024: that is 1 GB.
  if (shown >= 1024 && unit < UNITS.length - 1) {
    shown = 1;
    unit++;
  }
  return `${numberFormat(language, digits).format(shown)} ${UNITS[unit]}`;
}

/**
 * A value inside a translated sentence, isolated (FSI … PDI): in Arabic and Hebrew '15.00 GB' or an
 * address keeps its own order instead of being reordered with the words around it.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
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
