/** Every interface language Ferry supports (spec §9). */
export const SUPPORTED_LANGUAGES = [
  'nl', 'en', 'de', 'fr', 'es', 'it', 'pt', 'sv', 'pl', 'tr', 'uk', 'ja', 'ar', 'bn', 'he', 'hi', 'id',
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

/** The header switcher's languages, in spec §2 order (Hebrew is supported but not offered). */
export const SWITCHER_LANGUAGES: readonly LanguageCode[] = [
  'nl', 'en', 'de', 'fr', 'es', 'pt', 'it', 'pl', 'sv', 'tr', 'ar', 'hi', 'bn', 'ja', 'uk', 'id',
];

export const FALLBACK_LANGUAGE: LanguageCode = 'en';

export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'he'];

export function isSupportedLanguage(value: string): value is LanguageCode {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Maps any detected tag ('en-GB', 'NL', 'xx') to a supported language, else the fallback. */
export function normaliseLanguage(tag: string | null | undefined): LanguageCode {
  if (!tag) return FALLBACK_LANGUAGE;
  const lower = tag.toLowerCase();
  if (isSupportedLanguage(lower)) return lower;
  const base = lower.split(/[-_]/)[0] ?? '';
  return isSupportedLanguage(base) ? base : FALLBACK_LANGUAGE;
}

export function textDirection(language: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(normaliseLanguage(language)) ? 'rtl' : 'ltr';
}
