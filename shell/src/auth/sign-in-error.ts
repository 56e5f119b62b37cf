/**
 * What a failed interactive sign-in tells the visitor. The gateway sends them to `/?error=…`
 * (spec §4): `temporarily_unavailable` when the provider cannot be reached, `server_error` when it
 * failed, anything else (`access_denied`, `invalid_state`, …) when the sign-in did not finish.
 */
export type SignInErrorKind = 'unavailable' | 'failed';

const PROVIDER_DOWN = new Set(['temporarily_unavailable', 'server_error']);

export function signInErrorKind(search: string): SignInErrorKind | null {
  const error = new URLSearchParams(search).get('error');
  if (!error) return null;
  return PROVIDER_DOWN.has(error) ? 'unavailable' : 'failed';
}
