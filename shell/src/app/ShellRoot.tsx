import { lazy, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { activeLanguage, SWITCHER_LANGUAGES, ShellProvider, type ShellContextValue } from '@ferry/shell-sdk';
import type { AuthController, AuthState } from '../auth/auth-controller';
import { CALLBACK_PATH } from '../auth/constants';
import { guardRoute } from '../auth/guards';
import { signInErrorKind } from '../auth/sign-in-error';
import { signInNeeded, signInState } from '../auth/sign-in-notice';
import { toShellAuth } from '../auth/shell-auth';
import { ConnectionNotice } from '../layout/ConnectionNotice';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { NotFound } from '../layout/NotFound';
import type { PageViews } from '../analytics/page-views';
import { applyDocumentMeta, canonicalUrl, pageTitle, readServerMeta, serverMetaFor } from '../meta/document-meta';
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
  /** The one auth controller of the page (absent: no sign-in, as in older tests and stand-ins). */
  auth?: AuthController;
  /** Privacy-first page views: one per route change (absent: none). */
  pageViews?: PageViews;
}

// Loaded only when a visitor was sent back for a sign-in: the first visit does not pay for it.
const SignInNotice = lazy(() => import('../layout/SignInNotice').then((m) => ({ default: m.SignInNotice })));
const SignInErrorNotice = lazy(() =>
  import('../layout/SignInErrorNotice').then((m) => ({ default: m.SignInErrorNotice })),
);

const NO_AUTH = () => null;
const noSubscription = () => () => undefined;

const replacePage = (url: string): void => window.location.replace(url);

/** Layout and routing of the shell; rendered inside a router, an i18next provider and Suspense. */
export function ShellRoot({
  manifest,
  loader,
  page = window.location,
  assign = replacePage,
  auth,
  pageViews,
}: ShellRootProps) {
  const { t, i18n } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const { rootDomain = defaultRootDomain(page.hostname) } = use(manifest);
  const host = useMemo(() => classifyHost(page.hostname, rootDomain), [page.hostname, rootDomain]);
  const root = rootOrigin(page, rootDomain);
  const decision = resolveRoute({ pathname: location.pathname, search: location.search, host, rootOrigin: root });
  const language = activeLanguage(i18n);
  const subscribe = useCallback((cb: () => void) => (auth ? auth.subscribe(cb) : noSubscription()), [auth]);
  const snapshot = useCallback(() => (auth ? auth.getState() : NO_AUTH()), [auth]);
  const authState: AuthState | null = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    auth?.configure({ hostKind: host.kind, rootOrigin: root });
  }, [auth, host.kind, root]);
  const shellAuth = useMemo(() => (auth && authState ? toShellAuth(auth, authState) : null), [auth, authState]);
  const onCallback = location.pathname === CALLBACK_PATH;
  const guard =
    authState && decision.kind === 'remote' && !onCallback
      ? guardRoute({
          pathname: location.pathname,
          search: location.search,
          isAuthenticated: authState.isAuthenticated,
          authReady: authState.authReady,
        })
      : { kind: 'render' as const };
  const guardTarget = guard.kind === 'redirect' ? guard.to : null;
  const guardRemember = guard.kind === 'redirect' ? guard.remember : undefined;
  useEffect(() => {
    if (!guardTarget) return;
    if (guardRemember) auth?.rememberReturnPath(guardRemember);
    navigate(guardTarget, { replace: true, state: guardRemember ? signInState(guardRemember) : undefined });
  }, [auth, guardTarget, guardRemember, navigate]);

  const needed = signInNeeded(location.state, authState?.isAuthenticated ?? false);
  const signInError = auth && !authState?.isAuthenticated ? signInErrorKind(location.search) : null;

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
      auth: shellAuth,
    }),
    [host, i18n, language, navigate, root, shellAuth],
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
    pageViews?.view(`${page.origin}${location.pathname}${location.search}`);
  }, [pageViews, page.origin, location.pathname, location.search]);

  // The server's per-page head stays while the visitor is on its page; other pages get the tagline.
  const [serverMeta] = useState(() => readServerMeta(location.pathname));
  useEffect(() => {
    applyDocumentMeta(
      serverMetaFor(serverMeta, location.pathname, language) ?? {
        title: pageTitle(i18n.exists('meta.tagline', { ns: 'shell' }) ? t('meta.tagline') : undefined),
        description: t('meta.description'),
        canonicalUrl: canonicalUrl(`${page.origin}${location.pathname}`),
      },
    );
  }, [i18n, t, language, page.origin, location.pathname, serverMeta]);

  return (
    <ShellProvider value={shell}>
      <div className="shell">
        <Header
          items={navItems(decision, location.pathname, root, authState ?? undefined)}
          onAction={(action) => (action === 'login' ? auth?.login() : auth?.logout())}
          actionsReady={authState?.authReady ?? false}
        />
        <main className="shell-main">
          <ConnectionNotice />
          {signInError && (
            <Suspense fallback={null}>
              <SignInErrorNotice kind={signInError} />
            </Suspense>
          )}
          {needed && auth && (
            <Suspense fallback={null}>
              <SignInNotice
                needed={needed}
                ready={authState?.authReady ?? false}
                onSignIn={(path) => auth.login(path)}
              />
            </Suspense>
          )}
          {onCallback || guard.kind !== 'render' ? (
            <div className="remote-loading" role="status" aria-busy="true" />
          ) : (
            <>
              {decision.kind === 'remote' && <RemoteSlot name={decision.remote} loader={loader} />}
              {decision.kind === 'not-found' && <NotFound homeUrl={`${root}/`} />}
              {decision.kind === 'redirect' && <div className="remote-loading" role="status" aria-busy="true" />}
            </>
          )}
        </main>
        {showsFooter(decision) && <Footer />}
      </div>
    </ShellProvider>
  );
}
