import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import {
  ferryI18nOptions,
  readLocaleVersions,
  setLocaleVersions,
  setNamespaceLocation,
  activeLanguage,
  syncDocumentLanguage,
} from './i18n.js';

describe('ferryI18nOptions', () => {
  const options = ferryI18nOptions({ namespaces: ['shell'], defaultNamespace: 'shell' });

  it('detects query lng, cookie, localStorage, sessionStorage, navigator, html tag and caches in localStorage', () => {
    expect(options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage', 'cookie'],
    });
  });

  it('loads /locales/{lng}/{ns}.json versioned by content hash (never by the clock), 5 retries from 350 ms, 10 parallel reads', () => {
    const backend = options.backend as {
      loadPath: (languages: string[], namespaces: string[]) => string;
      queryStringParams?: object;
    };
    expect(backend.loadPath(['en'], ['shell'])).toBe('/locales/{{lng}}/{{ns}}.json');
    setLocaleVersions({ 'de/shell': 'abc123def0' });
    expect(backend.loadPath(['de'], ['shell'])).toBe('/locales/{{lng}}/{{ns}}.json?v=abc123def0');
    expect(backend.queryStringParams).toBeUndefined();
    expect(options).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10, fallbackLng: 'en' });
  });

  it("loads a remote's namespace from beside its own build, so a remote release needs no shell rebuild", () => {
    setNamespaceLocation('upload', 'https://cdn.example/remotes/upload/1.2.3/locales/');
    const backend = options.backend as { loadPath: (languages: string[], namespaces: string[]) => string };
    expect(backend.loadPath(['nl'], ['upload'])).toBe(
      'https://cdn.example/remotes/upload/1.2.3/locales/{{lng}}/{{ns}}.json',
    );
    expect(backend.loadPath(['nl'], ['shell'])).toBe('/locales/{{lng}}/{{ns}}.json');
  });
});

describe('readLocaleVersions', () => {
  it('reads the hashes the server wrote into the page and ignores anything else', () => {
    document.body.innerHTML =
      '<script type="application/json" id="ferry-locale-versions">{"en/shell":"0123456789","x":1}</script>';
    expect(readLocaleVersions()).toEqual({ 'en/shell': '0123456789' });
    document.body.innerHTML = '<script type="application/json" id="ferry-locale-versions">{oops</script>';
    expect(readLocaleVersions()).toEqual({});
  });
});

describe('syncDocumentLanguage', () => {
  it('sets lang and dir on <html> when the language changes', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en', resources: { en: {}, ar: {} } });
    syncDocumentLanguage(instance);
    expect(document.documentElement.dir).toBe('ltr');
    await instance.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });

  it('writes the active language, never the detected tag: en-US is en, de-AT is de', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'en-US',
      supportedLngs: ['en', 'de', 'ar'],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      resources: { en: { t: { k: 'v' } }, de: { t: { k: 'w' } } },
    });
    document.documentElement.lang = 'xx';
    syncDocumentLanguage(instance);
    expect(instance.language).toBe('en-US');
    expect(document.documentElement.lang).toBe(activeLanguage(instance));
    expect(document.documentElement.lang).toBe('en');
    await instance.changeLanguage('de-AT');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('attached before init, as the shell does, the browser tag still becomes the active language', async () => {
    const instance = i18next.createInstance();
    document.documentElement.lang = 'xx';
    syncDocumentLanguage(instance);
    await instance.init({
      lng: 'en-US',
      supportedLngs: ['en', 'ar'],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      resources: { en: { t: { k: 'v' } } },
    });
    expect(document.documentElement.lang).toBe('en');
  });
});
