/** Route rules that depend on the session (spec §2, §6). */
export type GuardDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string; remember?: string };

const PROTECTED = new Set(['/upload', '/account']);

export function guardRoute(input: {
  pathname: string;
  search: string;
  isAuthenticated: boolean;
  authReady: boolean;
}): GuardDecision {
  const path = input.pathname.length > 1 ? input.pathname.replace(/\/+$/, '') : input.pathname;
  if (PROTECTED.has(path)) {
    if (!input.authReady) return { kind: 'wait' };
    // A visitor goes home; the target is remembered for after the sign-in.
    if (!input.isAuthenticated) return { kind: 'redirect', to: '/', remember: `${path}${input.search}` };
    return { kind: 'render' };
  }
  // Only signed-in users are sent from the landing page to the product.
  if (path === '/' && input.authReady && input.isAuthenticated)
    return { kind: 'redirect', to: `/upload${input.search}` };
  return { kind: 'render' };
}
