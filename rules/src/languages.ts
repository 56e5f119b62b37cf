/** Every interface and mail language Ferry supports (spec §9). */
export const SUPPORTED_LANGUAGES = [
  'nl',
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'sv',
  'pl',
  'tr',
  'uk',
  'ja',
  'ar',
  'bn',
  'he',
  'hi',
  'id',
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

/** Spec §5: an unsupported language falls back to English. */
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'he'];

const supported: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);

/** Deprecated ISO 639 codes some platforms still send. */
const ALIASES: ReadonlyMap<string, LanguageCode> = new Map([
  ['iw', 'he'],
  ['in', 'id'],
]);

export function isSupportedLanguage(value: string): value is LanguageCode {
  return supported.has(value);
}

/** Any BCP 47 tag ('en-GB', 'pt_BR', ' NL ', 'iw') → its supported primary language, else the fallback. */
export function normaliseLanguage(tag: string | null | undefined): LanguageCode {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (isSupportedLanguage(primary)) return primary;
  return ALIASES.get(primary) ?? FALLBACK_LANGUAGE;
}

/** Writing direction: Arabic and Hebrew are right-to-left. */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(normaliseLanguage(language)) ? 'rtl' : 'ltr';
}
