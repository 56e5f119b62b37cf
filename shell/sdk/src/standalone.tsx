import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import i18next from 'i18next';
import { ShellProvider } from './context.js';
import { activeLanguage, initFerryI18n } from './i18n.js';
import { SWITCHER_LANGUAGES, type LanguageCode } from './languages.js';
import type { ShellContextValue } from './types.js';

export interface StandaloneShellProps {
  /** The remote's own namespace(s); loaded from this origin's `/locales`. */
  namespaces: string[];
  children: ReactNode;
}

function StandInContext({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const language = activeLanguage(i18n);
  const value = useMemo<ShellContextValue>(
    () => ({
      mode: 'standalone',
      i18nReady: true,
      language,
      languages: SWITCHER_LANGUAGES,
      changeLanguage: async (next: LanguageCode) => {
        await i18n.changeLanguage(next);
      },
      host: { kind: 'root' },
      rootUrl: (path: string) => new URL(path, window.location.origin).toString(),
      navigate: (path: string) => navigate(path),
      auth: null,
    }),
    [i18n, language, navigate],
  );
  return <ShellProvider value={value}>{children}</ShellProvider>;
}

/**
 * Stand-in for the shell when a remote runs on its own dev server or from its own dist:
 * the same i18next settings, a browser router and a shell context without sign-in.
 */
export function StandaloneShell({ namespaces, children }: StandaloneShellProps) {
  const [ready, setReady] = useState(i18next.isInitialized);
  useEffect(() => {
    let alive = true;
    void initFerryI18n({ namespaces, defaultNamespace: namespaces[0] ?? 'translation' }).then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, [namespaces]);
  if (!ready) return <div aria-busy="true" data-standalone-loading="" />;
  return (
    <I18nextProvider i18n={i18next}>
      <BrowserRouter>
        <StandInContext>
          <Suspense fallback={<div aria-busy="true" />}>
            <div data-standalone="">{children}</div>
          </Suspense>
        </StandInContext>
      </BrowserRouter>
    </I18nextProvider>
  );
}
