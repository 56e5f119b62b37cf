import type { AuthController, AuthState } from './auth-controller';
import { SessionStore } from './session-store';

/** Session storage: the e-mail the trial start was requested for in this tab session. */
export const TRIAL_REQUESTED_KEY = 'ferry_trial_requested';
/** Window event after a successful start: the account page, open already, loads its status again. */

export interface TrialStartEnvironment {
  local: Storage;
  session: Storage;
  fetch: typeof fetch;
  warn(message: string, detail?: unknown): void;
  /** Called after the service answered ok (the page dispatches TRIAL_STARTED_EVENT). */
  started?(): void;
}

type AuthSource = Pick<AuthController, 'getState' | 'subscribe'>;

/**
 * Spec §4: `POST /api/trial/start` once per tab session after sign-in, when the last-user record
 * matches the signed-in e-mail. The call is fire-and-forget: a failure only logs a warning (the
 * billing service makes repeated starts harmless). Returns the unsubscribe function.
 */
export function startTrialOnSignIn(auth: AuthSource, env: TrialStartEnvironment): () => void {
  const store = new SessionStore(env.local, env.session);
  const check = (state: AuthState) => {
    const email = state.user?.email;
    if (!state.isAuthenticated || !state.token || !email) return;
    const last = store.readLastUser();
    if (!last || last.email.toLowerCase() !== email.toLowerCase()) return;
    if (env.session.getItem(TRIAL_REQUESTED_KEY)?.toLowerCase() === email.toLowerCase()) return;
    try {
      env.session.setItem(TRIAL_REQUESTED_KEY, email);
    } catch {
      // storage full or blocked: still request it (the service is idempotent)
    }
    env
      .fetch('/api/trial/start', {
        method: 'POST',
        headers: { authorization: `Bearer ${state.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        cache: 'no-store',
      })
      .then(
        (res) => {
          if (res.ok) env.started?.();
          else env.warn(`trial start failed with HTTP ${res.status}`);
        },
        (err: unknown) => env.warn('trial start failed', err instanceof Error ? err.message : err),
      );
  };
  check(auth.getState());
  return auth.subscribe(check);
}
