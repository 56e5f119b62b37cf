import { describe, expect, it, vi } from 'vitest';
import type { AuthState } from './auth-controller';
import { KEYS } from './constants';
import { MemoryStorage } from './test-env';
import { startTrialOnSignIn, TRIAL_REQUESTED_KEY } from './trial-start';

const signedOut: AuthState = {
  user: null,
  token: null,
  isAuthenticated: false,
  authReady: true,
  hydrated: true,
  consentRequired: false,
  relogin: 'idle',
};
const signedIn = (email = 'alice@example.com'): AuthState => ({
  ...signedOut,
  isAuthenticated: true,
  token: 'tok-1234567890',
  user: { id: '1001', email },
});

function setup(
  initial: AuthState = signedOut,
  answer: () => Promise<Response> = async () => new Response('{"ok":true}', { status: 200 }),
) {
  let state = initial;
  const listeners = new Set<(s: AuthState) => void>();
  const auth = {
    getState: () => state,
    subscribe: (l: (s: AuthState) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const session = new MemoryStorage();
  const local = new MemoryStorage();
  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  const warn = vi.fn();
  const started = vi.fn();
  const set = (next: AuthState) => {
    state = next;
    for (const l of listeners) l(state);
  };
  const lastUser = (email: string) => session.setItem(KEYS.lastUser, JSON.stringify({ id: '1001', email }));
  return {
    auth,
    session,
    local,
    fetch,
    warn,
    set,
    lastUser,
    started,
    start: () => startTrialOnSignIn(auth, { local, session, fetch, warn, started }),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('trial start after sign-in (spec §4)', () => {
  it('requests it once per tab session when the last-user record matches', async () => {
    const t = setup();
    t.start();
    expect(t.fetch).not.toHaveBeenCalled();
    t.lastUser('Alice@Example.com');
    t.set(signedIn());
    t.set(signedIn());
    t.set({ ...signedIn(), hydrated: true });
    expect(t.fetch).toHaveBeenCalledTimes(1);
    const [path, init] = t.fetch.mock.calls[0]!;
    expect(path).toBe('/api/trial/start');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tok-1234567890');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'alice@example.com' });
    expect(t.session.getItem(TRIAL_REQUESTED_KEY)).toBe('alice@example.com');

    // A reload in the same tab session (a new page, same sessionStorage) does not ask again.
    const again = startTrialOnSignIn(t.auth, { local: t.local, session: t.session, fetch: t.fetch, warn: t.warn });
    again();
    expect(t.fetch).toHaveBeenCalledTimes(1);
    await settle();
    expect(t.warn).not.toHaveBeenCalled();
    expect(t.started).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a matching last-user record', () => {
    const t = setup();
    t.start();
    t.set(signedIn());
    t.lastUser('bob@example.com');
    t.set(signedIn());
    expect(t.fetch).not.toHaveBeenCalled();
  });

  it('asks again for another user signing in in the same tab', () => {
    const t = setup();
    t.lastUser('alice@example.com');
    t.start();
    t.set(signedIn());
    t.set(signedOut);
    t.lastUser('bob@example.com');
    t.set(signedIn('bob@example.com'));
    expect(t.fetch).toHaveBeenCalledTimes(2);
  });

  it('checks the state at start (already signed in on load)', () => {
    const t = setup(signedIn());
    t.lastUser('alice@example.com');
    t.start();
    expect(t.fetch).toHaveBeenCalledTimes(1);
  });

  it('only logs a warning on failure (HTTP error or network error) and does not retry', async () => {
    const t = setup(signedOut, async () => new Response('{}', { status: 502 }));
    t.lastUser('alice@example.com');
    t.start();
    t.set(signedIn());
    await settle();
    expect(t.warn).toHaveBeenCalledWith('trial start failed with HTTP 502');
    expect(t.started).not.toHaveBeenCalled();
    t.set(signedIn());
    expect(t.fetch).toHaveBeenCalledTimes(1);

    const n = setup(signedOut, () => Promise.reject(new TypeError('offline')));
    n.lastUser('alice@example.com');
    n.start();
    n.set(signedIn());
    await settle();
    expect(n.warn).toHaveBeenCalledWith('trial start failed', 'offline');
  });
});
