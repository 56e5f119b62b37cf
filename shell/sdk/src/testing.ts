import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SWITCHER_LANGUAGES, normaliseLanguage } from './languages.js';
import { syncDocumentLanguage } from './i18n.js';
import type { ShellAuth, ShellContextValue } from './types.js';

/** An isolated i18next instance with in-memory resources, for a remote's or the shell's tests. */
export async function createTestI18n(namespace: string, resources: Resource, language = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [namespace],
    defaultNS: namespace,
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  syncDocumentLanguage(instance);
  return instance;
}

/** A shell context like the stand-in's, bound to the given i18next instance. */
export function createTestShellValue(i18n: I18n, overrides: Partial<ShellContextValue> = {}): ShellContextValue {
  return {
    mode: 'standalone',
    i18nReady: true,
    language: normaliseLanguage(i18n.language),
    languages: SWITCHER_LANGUAGES,
    changeLanguage: async (language) => {
      await i18n.changeLanguage(language);
    },
    host: { kind: 'root' },
    rootUrl: (path) => new URL(path, 'http://localhost/').toString(),
    navigate: () => undefined,
    auth: null,
    ...overrides,
  };
}

/** A signed-out, ready auth context for remotes' tests; override what the test needs. */
export function createTestAuth(overrides: Partial<ShellAuth> = {}): ShellAuth {
  const base: ShellAuth = {
    user: null,
    token: null,
    isAuthenticated: false,
    authReady: true,
    hydrated: true,
    login: () => undefined,
    logout: () => undefined,
    logoutAndRedirect: () => undefined,
    isTokenStale: () => false,
    reloginForUpload: async () => undefined,
    relogin: 'idle',
    retryRelogin: () => undefined,
    status: 'signed-out',
    signIn: () => undefined,
    signOut: () => undefined,
  };
  const auth = { ...base, ...overrides };
  auth.status = !auth.authReady ? 'loading' : auth.isAuthenticated ? 'signed-in' : 'signed-out';
  return auth;
}
