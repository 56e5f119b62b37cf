import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ferryI18nOptions, syncDocumentLanguage } from './i18n.js';

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
    expect(options.backend).toEqual({ loadPath: '/locales/{{lng}}/{{ns}}.json', queryStringParams: { v: '42' } });
    expect(options).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10, fallbackLng: 'en' });
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
