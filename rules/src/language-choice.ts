import { FALLBACK_LANGUAGE, normaliseLanguage, type LanguageCode } from './languages.js';

/** The cookie the language switcher sets (i18next's cookie cache) and the server reads. */
export const LANGUAGE_COOKIE = 'i18next';

/** The primary languages of an Accept-Language header, best first (q=0 dropped). */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        tag: tag.trim().toLowerCase().split(/[-_]/)[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** A supported language (or an alias of one) named by `tag`, else undefined. */
function supported(tag: string | undefined): LanguageCode | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const language = normaliseLanguage(primary);
  return language !== FALLBACK_LANGUAGE || primary === FALLBACK_LANGUAGE ? language : undefined;
}

/**
 * The language a page is rendered in on the server: `?lng=`, then the switcher's cookie, then
 * the browser's Accept-Language, then the fallback (English).
 */
export function chooseLanguage(input: { query?: string; cookie?: string; acceptLanguage?: string }): LanguageCode {
  return (
    supported(input.query) ??
    supported(input.cookie) ??
    acceptedLanguages(input.acceptLanguage ?? '')
      .map(supported)
      .find((l) => l !== undefined) ??
    FALLBACK_LANGUAGE
  );
}
