/** The language list and its rules are @ferry/rules'; the SDK re-exports them for the shell and remotes. */
import type { LanguageCode } from '@ferry/rules';

export {
  FALLBACK_LANGUAGE,
  isSupportedLanguage,
  normaliseLanguage,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
  textDirection,
  type LanguageCode,
} from '@ferry/rules';

/** The header switcher's languages, in spec §2 order (Hebrew is supported but not offered). */
export const SWITCHER_LANGUAGES: readonly LanguageCode[] = [
  'nl',
  'en',
  'de',
  'fr',
  'es',
  'pt',
  'it',
  'pl',
  'sv',
  'tr',
  'ar',
  'hi',
  'bn',
  'ja',
  'uk',
  'id',
];
