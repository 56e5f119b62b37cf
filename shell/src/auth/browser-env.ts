import type { AuthEnvironment } from './auth-controller';

/** The real browser behind the auth controller. In-app navigation goes through the History API
 *  plus a popstate event, which React Router's BrowserRouter follows. */
export function browserAuthEnvironment(): AuthEnvironment {
  const replaceUrl = (path: string) => window.history.replaceState(window.history.state, '', path);
  return {
    local: window.localStorage,
    session: window.sessionStorage,
    cookies: () => document.cookie,
    location: () => window.location,
    replaceUrl,
    navigate: (path) => {
      replaceUrl(path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    assign: (url) => window.location.assign(url),
    openPopup: (url) => window.open(url, 'ferry-relogin', 'popup,width=520,height=700'),
    closeWindow: () => window.close(),
    fetch: (input, init) => window.fetch(input, init),
    events: window,
    visibility: document,
    now: () => Date.now(),
  };
}
