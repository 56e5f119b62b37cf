/**
 * Why a visitor is back on the landing page: the route guard sent them from a page that needs a
 * session. The guard hands the page they wanted to the landing in the router's location state;
 * the landing then says so and offers the sign-in (spec §2's return path is unchanged).
 */
export type SignInTarget = 'upload' | 'account';

export interface SignInNeeded {
  target: SignInTarget;
  /** The path (and query) the visitor wanted; the sign-in returns there. */
  returnPath: string;
}

/** The router state the guard's redirect carries. */
export function signInState(returnPath: string): { signInFor: string } {
  return { signInFor: returnPath };
}

/** The notice to show for this location state, or null (none asked for, or already signed in). */
export function signInNeeded(state: unknown, isAuthenticated: boolean): SignInNeeded | null {
  if (isAuthenticated || typeof state !== 'object' || state === null) return null;
  const returnPath = (state as { signInFor?: unknown }).signInFor;
  if (typeof returnPath !== 'string') return null;
  const path = returnPath.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  if (path === '/upload') return { target: 'upload', returnPath };
  if (path === '/account') return { target: 'account', returnPath };
  return null;
}
