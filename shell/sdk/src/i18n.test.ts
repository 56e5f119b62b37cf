import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ferryI18nOptions, setNamespaceLocation, syncDocumentLanguage } from './i18n.js';

describe('ferryI18nOptions', () => {
  const options = ferryI18nOptions({ namespaces: ['shell'], defaultNamespace: 'shell', version: '42' });

  it('detects query lng, cookie, localStorage, sessionStorage, navigator, html tag and caches in localStorage', () => {
    expect(options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    });
  });

  it('loads /locales/{lng}/{ns}.json with a version query, 5 retries from 350 ms, 10 parallel reads', () => {
    const backend = options.backend as { loadPath: (languages: string[], namespaces: string[]) => string; queryStringParams: object };
    expect(backend.loadPath(['en'], ['shell'])).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(backend.queryStringParams).toEqual({ v: '42' });
    expect(options).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10, fallbackLng: 'en' });
  });

  it("loads a remote's namespace from beside its own build, so a remote release needs no shell rebuild", () => {
    setNamespaceLocation('upload', 'https://cdn.example/remotes/upload/1.2.3/locales/');
    const backend = options.backend as { loadPath: (languages: string[], namespaces: string[]) => string };
    expect(backend.loadPath(['nl'], ['upload'])).toBe('https://cdn.example/remotes/upload/1.2.3/locales/{{lng}}/{{ns}}.json');
    expect(backend.loadPath(['nl'], ['shell'])).toBe('/locales/{{lng}}/{{ns}}.json');
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
});
