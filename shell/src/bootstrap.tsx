import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initFerryI18n, readLocaleVersions, setLocaleVersions, TRIAL_STARTED_EVENT } from '@ferry/shell-sdk';
import { ShellApp } from './app/ShellApp';
import { AuthController } from './auth/auth-controller';
import { browserAuthEnvironment } from './auth/browser-env';
import { sessionMaxAgeHours } from './auth/constants';
import { startTrialOnSignIn } from './auth/trial-start';
import { browserPageViewEnvironment, createPageViews } from './analytics/page-views';
import { fetchManifest } from './remotes/manifest';
import { createRemoteLoader } from './remotes/runtime';
import '@ferry/shell-sdk/tokens.css';
import './styles.css';

// Translations and the remotes manifest load in parallel; the layout renders once both are in.
// The strings are fetched by the content hashes the server wrote into the page (cacheable until they change).
setLocaleVersions(readLocaleVersions());
void initFerryI18n({ namespaces: ['shell'], defaultNamespace: 'shell' });
const manifest = fetchManifest(window.location.href);
const loader = createRemoteLoader(manifest);
// One auth controller for the page; it reads the sign-in hand-over before anything renders.
// `login` is the gateway's alias of the configured provider (google, or local in development).
const auth = new AuthController(browserAuthEnvironment(), {
  provider: 'login',
  hostKind: 'root',
  rootOrigin: window.location.origin,
  // Build setting (Rsbuild inlines PUBLIC_* variables): 72 h when unset; production builds use 168.
  maxAgeHours: sessionMaxAgeHours(import.meta.env.PUBLIC_SESSION_MAX_AGE_HOURS),
});
// Spec §4: the trial start is requested once per tab session after sign-in (failures only warn).
startTrialOnSignIn(auth, {
  local: window.localStorage,
  session: window.sessionStorage,
  fetch: (input, init) => window.fetch(input, init),
  warn: (message, detail) => console.warn(`ferry: ${message}`, detail ?? ''),
  started: () => window.dispatchEvent(new CustomEvent(TRIAL_STARTED_EVENT)),
});
void auth.start();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// Privacy-first page views: off with Do Not Track / Global Privacy Control or when the gateway counts none.
const pageViews = createPageViews(browserPageViewEnvironment());
createRoot(container).render(
  <ShellApp i18n={i18next} manifest={manifest} loader={loader} auth={auth} pageViews={pageViews} />,
);
