import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  type LanguageCode,
  normaliseLanguage,
  SUPPORTED_LANGUAGES,
  textDirection,
} from './languages.js';

/** Spec §9 detection order; the choice is cached in localStorage under `i18nextLng`. */
export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];

/** Spec §7: up to 5 retries starting at 350 ms (i18next doubles the wait each time), 10 reads in parallel. */
export const TRANSLATION_LOADING = { maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 } as const;

export interface FerryI18nSettings {
  /** Namespaces to load before the first render. */
  namespaces: string[];
  defaultNamespace: string;
  /** Where `{lng}/{ns}.json` files live, e.g. '/locales'. */
  localesBase?: string;
}

/**
 * Where each namespace's `{lng}/{ns}.json` files live when not under the shell's own base. A remote's
 * strings ship inside its own versioned build, so a remote release changes them without a shell rebuild.
 */
const namespaceLocations = new Map<string, string>();

export function setNamespaceLocation(namespace: string, localesBase: string): void {
  namespaceLocations.set(namespace, localesBase.replace(/\/$/, ''));
}

/**
 * Content hashes of the strings files, `{ "<lng>/<ns>": "<hash>" }` (each build's `locale-hashes.json`;
 * the server hands them to the page). A known file is fetched as `…/<lng>/<ns>.json?v=<hash>`, so a
 * cached copy is used until its content changes; an unknown one without a query (revalidated).
 * Spec §7 versions them by the current time instead, which never lets a browser cache them.
 */
const localeVersions = new Map<string, string>();

export function setLocaleVersions(versions: Record<string, string>): void {
  for (const [file, hash] of Object.entries(versions)) localeVersions.set(file, hash);
}

export function localesLoadPath(namespace: string | undefined, fallbackBase: string, language?: string): string {
  const base = (namespace && namespaceLocations.get(namespace)) || fallbackBase;
  const hash = namespace && language ? localeVersions.get(`${language}/${namespace}`) : undefined;
  return `${base}/{{lng}}/{{ns}}.json${hash ? `?v=${hash}` : ''}`;
}

/** The element the server writes the locale hashes into: `<script type="application/json" id="…">`. */
export const LOCALE_VERSIONS_ELEMENT_ID = 'ferry-locale-versions';

/** Reads the locale hashes the server wrote into the page, if any. */
export function readLocaleVersions(doc: Document = document): Record<string, string> {
  const text = doc.getElementById(LOCALE_VERSIONS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function ferryI18nOptions(settings: FerryI18nSettings): InitOptions<HttpBackendOptions> {
  const base = (settings.localesBase ?? '/locales').replace(/\/$/, '');
  return {
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: settings.namespaces,
    defaultNS: settings.defaultNamespace,
    fallbackNS: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    ...TRANSLATION_LOADING,
    detection: {
      order: DETECTION_ORDER,
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      // The cookie tells the server which language to render the next page in.
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
      cookieMinutes: 60 * 24 * 365,
    },
    backend: {
      loadPath: (languages: string[], namespaces: string[]) => localesLoadPath(namespaces[0], base, languages[0]),
    },
  };
}

/**
 * The app's active language: the language i18next is set to, as the supported code (a browser's
 * 'en-US' is 'en'). The shell's context, the stand-in and `<html lang>` all read it.
 */
export function activeLanguage(instance: Pick<I18n, 'language'>): LanguageCode {
  return normaliseLanguage(instance.language);
}

/**
 * The one owner of `<html lang dir>` in the browser: the active language (right-to-left for ar and
 * he), at start and on every change. The gateway writes the first value server-side by the same
 * rule (`chooseLanguage` gives a supported code), so the attribute never holds a raw browser tag.
 */
export function syncDocumentLanguage(instance: I18n, doc: Document = document): void {
  const apply = (): void => {
    if (!instance.language) return;
    const language = activeLanguage(instance);
    doc.documentElement.lang = language;
    doc.documentElement.dir = textDirection(language);
  };
  apply();
  instance.on('languageChanged', apply);
}

/**
 * Initialises the shared i18next singleton once: the shell calls it at start, the stand-in
 * shell when a remote runs alone. Remotes never call it inside the shell.
 */
export function initFerryI18n(settings: FerryI18nSettings): Promise<I18n> {
  if (i18next.isInitialized) return Promise.resolve(i18next);
  const ready = i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init(ferryI18nOptions(settings))
    .then(() => i18next);
  syncDocumentLanguage(i18next);
  return ready;
}
