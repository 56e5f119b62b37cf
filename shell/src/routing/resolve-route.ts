import type { RouteDecision } from '@ferry/rules';

// The route rule is @ferry/rules' (the gateway answers 404s with the same one).
export { resolveRoute, type RouteDecision } from '@ferry/rules';

/** The footer is hidden on download routes. */
export function showsFooter(decision: RouteDecision): boolean {
  return !(decision.kind === 'remote' && decision.remote === 'download');
}
