import type { RouteDecision } from './resolve-route';

export interface NavItem {
  /** i18n key in the shell namespace. */
  labelKey: string;
  to: string;
  /** Leaves the current host (e.g. a sender subdomain) for the root host. */
  external?: boolean;
}

/**
 * Header buttons per route. Login/Logout join these once sign-in exists (the auth issue);
 * until then the header offers only navigation that works.
 */
export function navItems(decision: RouteDecision, pathname: string, rootOrigin: string): NavItem[] {
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
