import type { RouteDecision } from './resolve-route';

export interface NavItem {
  /** i18n key in the shell namespace. */
  labelKey: string;
  to: string;
  /** A button that signs in or out instead of a link. */
  action?: 'login' | 'logout';
  /** Leaves the current host (e.g. a sender subdomain) for the root host. */
  external?: boolean;
}

const LOGIN: NavItem = { labelKey: 'nav.login', to: '/', action: 'login' };
const LOGOUT: NavItem = { labelKey: 'nav.logout', to: '/', action: 'logout' };

/**
 * Header buttons per route and sign-in state (spec §2): Login, Back, Go to the product, Account,
 * Home, Logout. Without a session state (no sign-in wired) only the navigation links are shown.
 */
export function navItems(
  decision: RouteDecision,
  pathname: string,
  rootOrigin: string,
  session?: { isAuthenticated: boolean },
): NavItem[] {
  if (!session) return navLinks(decision, pathname, rootOrigin);
  if (decision.kind !== 'remote' || decision.remote === 'download') return navLinks(decision, pathname, rootOrigin);
  const account: NavItem = { labelKey: 'nav.account', to: '/account' };
  const product: NavItem = { labelKey: 'nav.goToProduct', to: '/upload' };
  if (!session.isAuthenticated) {
    // Visitors: the public pages and sign-in (the product pages send them home anyway).
    return [...navLinks(decision, pathname, rootOrigin).filter((i) => i.to !== '/account'), LOGIN];
  }
  // Signed in: "/" leads to the product, so Home would bounce; the product, the account and Logout.
  switch (decision.remote) {
    case 'upload':
      return [account, LOGOUT];
    case 'account':
      return [{ labelKey: 'nav.back', to: '/upload' }, LOGOUT];
    default:
      return [product, account, LOGOUT];
  }
}

function navLinks(decision: RouteDecision, pathname: string, rootOrigin: string): NavItem[] {
  const home: NavItem = { labelKey: 'nav.home', to: '/' };
  const product: NavItem = { labelKey: 'nav.goToProduct', to: '/upload' };
  if (decision.kind !== 'remote') return [home];
  switch (decision.remote) {
    case 'marketing':
      return pathname === '/' ? [product] : [home, product];
    case 'upload':
      return [home, { labelKey: 'nav.account', to: '/account' }];
    case 'account':
      return [{ labelKey: 'nav.back', to: '/upload' }, home];
    case 'download':
      return [{ labelKey: 'nav.home', to: `${rootOrigin}/`, external: true }];
  }
}
