import { use, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  SWITCHER_LANGUAGES,
  ShellProvider,
  normaliseLanguage,
  type ShellContextValue,
} from '@ferry/shell-sdk';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { NotFound } from '../layout/NotFound';
import { applyDocumentMeta, canonicalUrl, pageTitle } from '../meta/document-meta';
import type { RemotesManifest } from '../remotes/manifest';
import { RemoteSlot } from '../remotes/RemoteSlot';
import type { RemoteAppLoader } from '../remotes/runtime';
import { classifyHost, defaultRootDomain, rootOrigin } from '../routing/host';
import { navItems } from '../routing/nav';
import { resolveRoute, showsFooter } from '../routing/resolve-route';

export interface PageLocation {
  hostname: string;
  protocol: string;
  port: string;
  origin: string;
}

export interface ShellRootProps {
  manifest: Promise<RemotesManifest>;
  loader: RemoteAppLoader;
  page?: PageLocation;
  /** Full-page navigation (redirects to /api/d/… and to the root host). */
  assign?: (url: string) => void;
}

const replacePage = (url: string): void => window.location.replace(url);

/** Layout and routing of the shell; rendered inside a router, an i18next provider and Suspense. */
export function ShellRoot({ manifest, loader, page = window.location, assign = replacePage }: ShellRootProps) {
  const { t, i18n } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const { rootDomain = defaultRootDomain(page.hostname) } = use(manifest);
  const host = useMemo(() => classifyHost(page.hostname, rootDomain), [page.hostname, rootDomain]);
  const root = rootOrigin(page, rootDomain);
  const decision = resolveRoute({ pathname: location.pathname, search: location.search, host, rootOrigin: root });
  const language = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);

  const shell = useMemo<ShellContextValue>(
    () => ({
      mode: 'host',
      i18nReady: true,
      language,
      languages: SWITCHER_LANGUAGES,
      changeLanguage: async (next) => {
        await i18n.changeLanguage(next);
      },
      host,
      rootUrl: (path) => new URL(path, `${root}/`).toString(),
      navigate: (path) => navigate(path),
      auth: null,
    }),
    [host, i18n, language, navigate, root],
  );

  // Leave the app once per target, even when StrictMode runs effects twice in development.
  const redirectedTo = useRef<string | null>(null);
  const redirectUrl = decision.kind === 'redirect' ? decision.url : null;
  useEffect(() => {
    if (redirectUrl && redirectedTo.current !== redirectUrl) {
      redirectedTo.current = redirectUrl;
      assign(redirectUrl);
    }
  }, [redirectUrl, assign]);

  useEffect(() => {
    applyDocumentMeta({
      title: pageTitle(i18n.exists('meta.tagline', { ns: 'shell' }) ? t('meta.tagline') : undefined),
      description: t('meta.description'),
      canonicalUrl: canonicalUrl(`${page.origin}${location.pathname}`),
    });
  }, [i18n, t, language, page.origin, location.pathname]);

  return (
    <ShellProvider value={shell}>
      <div className="shell">
        <Header items={navItems(decision, location.pathname, root)} />
        <main className="shell-main">
          {decision.kind === 'remote' && <RemoteSlot name={decision.remote} loader={loader} />}
          {decision.kind === 'not-found' && <NotFound homeUrl={`${root}/`} />}
          {decision.kind === 'redirect' && <div className="remote-loading" role="status" aria-busy="true" />}
        </main>
        {showsFooter(decision) && <Footer />}
      </div>
    </ShellProvider>
  );
}
