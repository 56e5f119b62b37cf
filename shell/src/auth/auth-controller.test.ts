import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthController, type AuthOptions } from './auth-controller';
import { AUTH_EVENTS, KEYS, sessionMaxAgeHours } from './constants';
import { flush, HANDOVER, testEnv, type TestEnv } from './test-env';

const TOKEN: string = HANDOVER.token;
const CODE = HANDOVER.code;
const HOUR = 3_600_000;
const root: AuthOptions = { provider: 'local', hostKind: 'root', rootOrigin: 'http://localhost' };

function signedIn(env: TestEnv, ageMs = 0, token = TOKEN): void {
  env.local.setItem(KEYS.token, token);
  env.local.setItem(KEYS.tokenAt, String(Date.now() - ageMs));
  // Startup already ran in this tab session (no silent refresh unless a test wants one).
  env.session.setItem(KEYS.hydrated, '1');
}

async function started(env: TestEnv, options: Partial<AuthOptions> = {}): Promise<AuthController> {
  const auth = new AuthController(env, { ...root, ...options });
  await auth.start();
  await flush();
  return auth;
}

let controllers: AuthController[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
  controllers = [];
});
afterEach(() => {
  for (const c of controllers) c.stop();
  vi.useRealTimers();
});
const track = (c: AuthController) => {
  controllers.push(c);
  return c;
};

describe('session storage (spec §3)', () => {
  it('stores the token and its time in local and session storage under the primary keys and the aliases', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}`);
    track(await started(env));
    for (const storage of [env.local, env.session]) {
      for (const key of [KEYS.token, ...KEYS.tokenAliases]) expect(storage.getItem(key)).toBe(TOKEN);
      for (const key of [KEYS.tokenAt, ...KEYS.tokenAtAliases]) expect(storage.getItem(key)).toBe(String(Date.now()));
    }
    expect(env.local.getItem(KEYS.userEmail)).toBe('alice@example.com');
    expect(JSON.parse(env.session.getItem(KEYS.lastUser)!)).toEqual({ id: '1001', email: 'alice@example.com' });
  });

  it('reads a token stored under an alias name', async () => {
    const env = testEnv('/faq');
    env.session.setItem('access_token', TOKEN);
    env.session.setItem('access_token_at', String(Date.now()));
    env.session.setItem(KEYS.hydrated, '1');
    const auth = track(await started(env));
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, token: TOKEN });
  });

  it('ignores a stored token shorter than 11 characters', async () => {
    const env = testEnv('/faq');
    signedIn(env, 0, 'short-tok1');
    const auth = track(await started(env));
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(env.assign).not.toHaveBeenCalled();
  });

  it('removes the hand-over code from the address bar at once after the callback', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}&next=%2Fupload`);
    track(await started(env));
    expect(env.replaceUrl).toHaveBeenNthCalledWith(1, '/auth/callback');
    expect(env.loc.hash).toBe('');
  });
});

describe('the hand-over: only a sign-in this browser started (issue 26)', () => {
  const ATTACKER = 'ya29.attackers-token-0123456789';

  it('redeems the code with one same-origin JSON POST and signs in with the token of its answer', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}&next=%2Fupload`);
    const auth = track(await started(env));
    const [path, init] = env.fetch.mock.calls[0]!;
    expect(path).toBe('/api/auth/handover');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', cache: 'no-store' });
    expect(new Headers(init!.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init!.body))).toEqual({ code: CODE });
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, token: TOKEN });
  });

  it('a token in the address (the old fragment) is never taken: the signed-in session stays', async () => {
    const env = testEnv(`/auth/callback#access_token=${ATTACKER}&token_type=Bearer&expires_in=3599`);
    signedIn(env);
    track(await started(env));
    expect(env.fetch.mock.calls.map(([path]) => String(path))).not.toContain('/api/auth/handover');
    expect(env.local.getItem(KEYS.token)).toBe(TOKEN);
    expect(env.session.getItem(KEYS.token)).toBeNull();
    expect(env.loc.hash).toBe('');
    expect(env.assign).toHaveBeenCalledWith('/?error=invalid_request');
  });

  it("a code the gateway refuses (another browser's, made up or used) leaves the signed-in session as it was", async () => {
    for (const fragment of [`code=another-browsers-code&next=%2Fupload`, `code=made-up&silent=1&next=%2Ffaq`]) {
      const env = testEnv(`/auth/callback#${fragment}`);
      signedIn(env);
      env.local.setItem(KEYS.userEmail, 'alice@example.com');
      const auth = track(await started(env));
      expect(env.local.getItem(KEYS.token)).toBe(TOKEN);
      expect(env.local.getItem(KEYS.userEmail)).toBe('alice@example.com');
      expect(auth.getState().token).toBeNull();
      if (fragment.includes('silent')) expect(env.navigate).toHaveBeenCalledWith('/faq');
      else expect(env.assign).toHaveBeenCalledWith('/?error=invalid_grant');
    }
    // The same code twice: the second page gets nothing.
    const first = testEnv(`/auth/callback#code=${CODE}`);
    track(await started(first));
    const again = Object.assign(testEnv(`/auth/callback#code=${CODE}`), { fetch: first.fetch });
    track(await started(again));
    expect(again.local.getItem(KEYS.token)).toBeNull();
    expect(again.assign).toHaveBeenCalledWith('/?error=invalid_grant');
  });

  it('the gateway out of reach: home with temporarily_unavailable, nothing stored', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}`);
    env.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    track(await started(env));
    expect(env.assign).toHaveBeenCalledWith('/?error=temporarily_unavailable');
    expect(env.local.getItem(KEYS.token)).toBeNull();
  });
});

describe('session validity (spec §4)', () => {
  it('a session is valid while the token is younger than the max age (72 h by default)', async () => {
    const env = testEnv('/faq');
    signedIn(env, 71 * HOUR);
    const auth = track(await started(env));
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, authReady: true, token: TOKEN });
  });

  it('the max age build setting PUBLIC_SESSION_MAX_AGE_HOURS is read as hours, 72 when unset or invalid', () => {
    expect(sessionMaxAgeHours('168')).toBe(168);
    for (const bad of [undefined, '', 'abc', '0', '-5']) expect(sessionMaxAgeHours(bad)).toBe(72);
  });

  it('the max age is configurable (the production setting is 168 h)', async () => {
    const env = testEnv('/faq');
    signedIn(env, 100 * HOUR);
    const auth = track(await started(env, { maxAgeHours: 168 }));
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('an expired token is removed and the user is sent home with session=expired', async () => {
    const env = testEnv('/upload');
    signedIn(env, 73 * HOUR);
    track(await started(env));
    expect(env.local.getItem(KEYS.token)).toBeNull();
    expect(env.assign).toHaveBeenCalledWith('/?session=expired');
  });

  it('cookies named session, auth or user count as authenticated', async () => {
    for (const name of ['session', 'auth', 'user']) {
      const env = testEnv('/faq');
      env.cookieJar.value = `lang=en; ${name}=1`;
      const auth = track(await started(env));
      expect(auth.getState().isAuthenticated, name).toBe(true);
    }
    const env = testEnv('/faq');
    env.cookieJar.value = 'sessionid=1; xauth=2';
    expect(track(await started(env)).getState().isAuthenticated).toBe(false);
  });
});

describe('change detection and checks (spec §4)', () => {
  it('checks every 30 s: a token that ages past the max age logs out with session=expired', async () => {
    const env = testEnv('/upload');
    signedIn(env, 72 * HOUR - 45_000);
    track(await started(env));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(env.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(env.assign).not.toHaveBeenCalled(); // 72 h - 15 s: still valid
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.assign).toHaveBeenCalledWith('/?session=expired');
  });

  it('checks every 30 s: a missing token logs out with session=expired', async () => {
    const env = testEnv('/upload');
    signedIn(env);
    track(await started(env));
    for (const key of [KEYS.token, ...KEYS.tokenAliases]) env.local.removeItem(key);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.assign).toHaveBeenCalledWith('/?session=expired');
  });

  it('checks when the tab becomes visible', async () => {
    const env = testEnv('/upload');
    signedIn(env);
    track(await started(env));
    env.local.removeItem(KEYS.token);
    env.vis.visibilityState = 'hidden';
    env.vis.dispatchEvent(new Event('visibilitychange'));
    expect(env.assign).not.toHaveBeenCalled();
    env.vis.visibilityState = 'visible';
    env.vis.dispatchEvent(new Event('visibilitychange'));
    expect(env.assign).toHaveBeenCalledWith('/?session=expired');
  });

  it('checks on storage change: a token stored by another tab signs this tab in', async () => {
    const env = testEnv('/faq');
    env.session.setItem(KEYS.hydrated, '1');
    const auth = track(await started(env));
    expect(auth.getState().isAuthenticated).toBe(false);
    env.local.setItem(KEYS.token, TOKEN);
    env.local.setItem(KEYS.tokenAt, String(Date.now()));
    env.events.dispatchEvent(Object.assign(new Event('storage'), { key: KEYS.token, newValue: TOKEN }));
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, token: TOKEN });
    expect(env.emitted).toContain(AUTH_EVENTS.changed);
  });

  it('polls cookies every 800 ms', async () => {
    const env = testEnv('/faq');
    const auth = track(await started(env));
    env.cookieJar.value = 'auth=1';
    await vi.advanceTimersByTimeAsync(799);
    expect(auth.getState().isAuthenticated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('a custom event asks for a check', async () => {
    const env = testEnv('/upload');
    signedIn(env);
    track(await started(env));
    env.local.removeItem(KEYS.token);
    env.events.dispatchEvent(new CustomEvent(AUTH_EVENTS.check));
    expect(env.assign).toHaveBeenCalledWith('/?session=expired');
  });

  it('HEAD /api/me answering 401 or 403 forces logout', async () => {
    for (const status of [401, 403]) {
      let answer = 200;
      const env = testEnv('/upload', () => ({ status: answer, body: { sub: '1', email: 'a@b.c' } }));
      signedIn(env);
      track(await started(env));
      expect(env.assign).not.toHaveBeenCalled();
      answer = status;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(env.fetch).toHaveBeenLastCalledWith('/api/me', expect.objectContaining({ method: 'HEAD' }));
      expect(env.assign, String(status)).toHaveBeenCalledWith('/?session=expired');
    }
  });

  it('HEAD /api/me failing (network, 5xx) keeps the session', async () => {
    let answer = 200;
    const env = testEnv('/upload', () => ({ status: answer, body: { sub: '1', email: 'a@b.c' } }));
    signedIn(env);
    const auth = track(await started(env));
    answer = 502;
    await vi.advanceTimersByTimeAsync(30_000);
    env.fetch.mockRejectedValueOnce(new TypeError('offline'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.assign).not.toHaveBeenCalled();
    expect(auth.getState().isAuthenticated).toBe(true);
  });
});

describe('login (spec §4)', () => {
  it('after the token request: ready and changed events fire and the saved return path opens after about 30 ms', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}`);
    env.session.setItem(KEYS.returnPath, '/upload?x=1');
    const auth = track(await started(env));
    expect(env.emitted).toEqual([AUTH_EVENTS.ready, AUTH_EVENTS.changed]);
    expect(auth.getState()).toMatchObject({
      isAuthenticated: true,
      authReady: true,
      hydrated: true,
      user: { id: '1001', email: 'alice@example.com' },
    });
    await vi.advanceTimersByTimeAsync(29);
    expect(env.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(env.navigate).toHaveBeenCalledWith('/upload?x=1');
    expect(env.session.getItem(KEYS.returnPath)).toBeNull();
  });

  it('the return path handed back by the gateway wins; a hostile one falls back to /upload', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}&next=${encodeURIComponent('/account')}`);
    track(await started(env));
    await vi.advanceTimersByTimeAsync(30);
    expect(env.navigate).toHaveBeenCalledWith('/account');
    const hostile = testEnv(`/auth/callback#code=${CODE}&next=${encodeURIComponent('//evil.example')}`);
    track(await started(hostile));
    await vi.advanceTimersByTimeAsync(30);
    expect(hostile.navigate).toHaveBeenCalledWith('/upload');
  });

  it('URL parameters session, error and error_description are removed after login', async () => {
    const env = testEnv('/faq?session=expired&error=access_denied&error_description=x&keep=1');
    signedIn(env);
    track(await started(env));
    expect(env.replaceUrl).toHaveBeenCalledWith('/faq?keep=1');
    const cb = testEnv(`/auth/callback#code=${CODE}&next=${encodeURIComponent('/upload?x=1&session=expired&error=e')}`);
    track(await started(cb));
    await vi.advanceTimersByTimeAsync(30);
    expect(cb.navigate).toHaveBeenCalledWith('/upload?x=1');
  });

  it('a sign-in error that arrives on / is logged to the debug log', async () => {
    const env = testEnv('/?error=access_denied');
    env.local.setItem(KEYS.debug, '1');
    track(await started(env));
    expect(env.local.getItem(KEYS.debugLog)).toContain('sign-in error access_denied');
  });

  it('a sign-in error sends the user to /', async () => {
    const env = testEnv('/auth/callback#error=server_error');
    track(await started(env));
    expect(env.assign).toHaveBeenCalledWith('/?error=server_error');
    expect(env.local.getItem(KEYS.token)).toBeNull();
  });

  it('login() goes to /api/auth/{provider} with the return path and remembers it', () => {
    const env = testEnv('/?x=1');
    const auth = track(new AuthController(env, root));
    auth.login();
    expect(env.assign).toHaveBeenCalledWith(`/api/auth/local?next=${encodeURIComponent('/upload?x=1')}`);
    expect(env.session.getItem(KEYS.returnPath)).toBe('/upload?x=1');
  });

  it('login redirect guard: a second login within 1.5 s is ignored', () => {
    const env = testEnv('/');
    const auth = new AuthController(env, root);
    auth.login('/upload');
    new AuthController(env, root).login('/upload');
    expect(env.assign).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_500);
    new AuthController(env, root).login('/upload');
    expect(env.assign).toHaveBeenCalledTimes(2);
  });

  it("on a sender's subdomain, login goes to the root host's login with a next parameter", () => {
    const env = testEnv('/abc12345');
    new AuthController(env, { provider: 'google', hostKind: 'sender', rootOrigin: 'https://ferry.app' }).login(
      '/upload',
    );
    expect(env.assign).toHaveBeenCalledWith(`https://ferry.app/api/auth/google?next=${encodeURIComponent('/upload')}`);
  });
});

describe('logout (spec §4)', () => {
  it('logout clears tokens, the last user and the return path, tells the other tabs and goes to /', async () => {
    const env = testEnv('/upload');
    signedIn(env);
    env.session.setItem(KEYS.token, TOKEN);
    env.session.setItem(KEYS.returnPath, '/account');
    env.local.setItem(KEYS.returnPath, '/account');
    const auth = track(await started(env));
    auth.logout();
    for (const storage of [env.local, env.session]) {
      for (const key of [KEYS.token, ...KEYS.tokenAliases, KEYS.tokenAt, KEYS.returnPath])
        expect(storage.getItem(key)).toBeNull();
    }
    expect(env.session.getItem(KEYS.lastUser)).toBeNull();
    expect(env.local.getItem(KEYS.userEmail)).toBeNull();
    expect(env.local.getItem(KEYS.logoutMarker)).toBe(String(Date.now()));
    expect(env.fetch).toHaveBeenCalledWith(
      '/api/auth/revoke',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    expect(env.assign).toHaveBeenCalledWith('/');
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, token: null, user: null });
  });

  it('a logout in another tab (the storage marker) signs this tab out', async () => {
    const env = testEnv('/upload');
    signedIn(env);
    const auth = track(await started(env));
    env.events.dispatchEvent(
      Object.assign(new Event('storage'), { key: KEYS.logoutMarker, newValue: String(Date.now()) }),
    );
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(env.local.getItem(KEYS.token)).toBeNull();
    expect(env.assign).toHaveBeenCalledWith('/');
  });
});

describe('silent refresh (spec §4)', () => {
  function staleSession(env: TestEnv): void {
    signedIn(env, 2 * HOUR);
    env.session.removeItem(KEYS.hydrated);
  }

  it('a silent refresh without prompt runs once at startup per tab session', async () => {
    const env = testEnv('/upload?x=1');
    staleSession(env);
    track(await started(env));
    expect(env.assign).toHaveBeenCalledWith(`/api/auth/local?prompt=none&next=${encodeURIComponent('/upload?x=1')}`);
    expect(env.session.getItem(KEYS.hydrated)).toBe('1');
    const again = testEnv('/upload?x=1');
    staleSession(again);
    again.session.setItem(KEYS.hydrated, '1');
    const auth = track(await started(again));
    expect(again.assign).not.toHaveBeenCalled();
    expect(auth.getState().hydrated).toBe(true);
  });

  it('consent_required from the silent refresh stores its flag and no further silent refresh is tried', async () => {
    const env = testEnv(`/auth/callback#error=consent_required&silent=1&next=${encodeURIComponent('/faq')}`);
    const auth = track(await started(env));
    expect(env.local.getItem(KEYS.consentRequired)).toBe('1');
    expect(auth.getState().consentRequired).toBe(true);
    expect(env.navigate).toHaveBeenCalledWith('/faq');
    expect(env.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * 60_000);
    signedIn(env, 2 * HOUR);
    env.session.removeItem(KEYS.hydrated);
    track(await started(Object.assign(env, { assign: vi.fn() })));
    expect(env.assign).not.toHaveBeenCalled();
  });

  it('a silent refresh is never repeated within 2 minutes', async () => {
    const env = testEnv('/upload');
    staleSession(env);
    env.local.setItem(KEYS.lastSilentRefresh, String(Date.now() - 119_000));
    track(await started(env));
    expect(env.assign).not.toHaveBeenCalled();
    const later = testEnv('/upload');
    staleSession(later);
    later.local.setItem(KEYS.lastSilentRefresh, String(Date.now() - 120_000));
    track(await started(later));
    expect(later.assign).toHaveBeenCalledWith(expect.stringContaining('prompt=none'));
  });

  it('a successful silent refresh stores the new token and returns to the page', async () => {
    const env = testEnv(`/auth/callback#code=${CODE}&silent=1&next=${encodeURIComponent('/upload?x=1')}`);
    track(await started(env));
    expect(env.session.getItem(KEYS.lastSilentRefresh)).toBe(String(Date.now()));
    await vi.advanceTimersByTimeAsync(30);
    expect(env.navigate).toHaveBeenCalledWith('/upload?x=1');
  });
});

describe('stale token for uploads (spec §4)', () => {
  const NEW_TOKEN = 'ya29.fresh-token-0123456789';
  /** What the popup's callback does: the new token lands in local storage, seen through a storage event. */
  function popupSignsIn(env: TestEnv, token = NEW_TOKEN): void {
    env.local.setItem(KEYS.token, token);
    env.local.setItem(KEYS.tokenAt, String(Date.now()));
    env.events.dispatchEvent(Object.assign(new Event('storage'), { key: KEYS.token }));
  }
  const popupUrl = (openedAt = Date.now()) =>
    `/api/auth/local?next=${encodeURIComponent(`/upload?relogin=${openedAt}`)}`;
  async function staleSession(): Promise<{ env: TestEnv; auth: AuthController }> {
    const env = testEnv('/upload?x=1');
    signedIn(env, 2 * HOUR);
    return { env, auth: track(await started(env)) };
  }

  it('a token older than 1 hour is stale for uploading', async () => {
    const env = testEnv('/upload?x=1');
    signedIn(env, HOUR - 1_000);
    const auth = track(await started(env));
    expect(auth.isTokenStale()).toBe(false);
    vi.advanceTimersByTime(1_001);
    expect(auth.isTokenStale()).toBe(true);
  });

  it('signs in again in a popup, keeps the page, and resolves once the fresh token is stored', async () => {
    const { env, auth } = await staleSession();
    let done = false;
    const relogin = auth.reloginForUpload().then(() => (done = true));
    expect(env.openPopup).toHaveBeenCalledWith(popupUrl());
    expect(env.assign).not.toHaveBeenCalled();
    expect(auth.getState().relogin).toBe('waiting');
    // Callers during one re-login share it.
    const second = auth.reloginForUpload();
    expect(env.openPopup).toHaveBeenCalledTimes(1);
    await flush();
    expect(done).toBe(false);
    popupSignsIn(env);
    await Promise.all([relogin, second]);
    expect(auth.getState()).toMatchObject({ token: NEW_TOKEN, relogin: 'idle' });
    expect(env.openPopup.mock.results[0]!.value!.close).toHaveBeenCalled();
  });

  it('notices the fresh token without a storage event (polling while it waits)', async () => {
    const { env, auth } = await staleSession();
    const relogin = auth.reloginForUpload();
    env.local.setItem(KEYS.token, NEW_TOKEN);
    env.local.setItem(KEYS.tokenAt, String(Date.now()));
    await vi.advanceTimersByTimeAsync(300);
    await relogin;
    expect(auth.getState().token).toBe(NEW_TOKEN);
  });

  it('opens a popup by itself at most once per 5 s; within that a click opens it', async () => {
    const { env, auth } = await staleSession();
    const first = auth.reloginForUpload();
    popupSignsIn(env);
    await first;
    // The new token is refused at once (a Drive 401): no popup by itself within 5 s.
    void auth.reloginForUpload();
    expect(env.openPopup).toHaveBeenCalledTimes(1);
    expect(auth.getState().relogin).toBe('blocked');
    auth.retryRelogin();
    expect(env.openPopup).toHaveBeenCalledTimes(2);
    expect(auth.getState().relogin).toBe('waiting');
  });

  it('after 5 s a new re-login opens its popup by itself again', async () => {
    const { env, auth } = await staleSession();
    const first = auth.reloginForUpload();
    popupSignsIn(env);
    await first;
    await vi.advanceTimersByTimeAsync(5_000);
    void auth.reloginForUpload();
    expect(env.openPopup).toHaveBeenCalledTimes(2);
  });

  it('a blocked popup asks for a click, and the click opens it', async () => {
    const { env, auth } = await staleSession();
    env.openPopup.mockReturnValueOnce(null);
    void auth.reloginForUpload();
    expect(auth.getState().relogin).toBe('blocked');
    auth.retryRelogin();
    expect(env.openPopup).toHaveBeenCalledTimes(2);
    expect(auth.getState().relogin).toBe('waiting');
  });

  it('when its last caller stops waiting, the re-login ends and the popup closes', async () => {
    const { env, auth } = await staleSession();
    const ac = new AbortController();
    const waiting = auth.reloginForUpload(ac.signal);
    ac.abort(new Error('canceled'));
    await expect(waiting).rejects.toThrow('canceled');
    expect(auth.getState().relogin).toBe('idle');
    expect(env.openPopup.mock.results[0]!.value!.close).toHaveBeenCalled();
  });

  it('signing out ends a pending re-login: callers are refused and the popup closes', async () => {
    const { env, auth } = await staleSession();
    const waiting = auth.reloginForUpload();
    auth.logout();
    await expect(waiting).rejects.toThrow('signed out');
    expect(env.openPopup.mock.results[0]!.value!.close).toHaveBeenCalled();
  });

  it("the popup's callback stores the token and closes the popup", async () => {
    const env = testEnv(`/auth/callback#code=${CODE}&next=${encodeURIComponent(`/upload?relogin=${Date.now()}`)}`);
    env.local.setItem(KEYS.returnPath, '/account');
    track(await started(env));
    expect(env.local.getItem(KEYS.token)).toBe(TOKEN);
    expect(env.closeWindow).toHaveBeenCalled();
    // The opener's remembered return path is not used up by the popup.
    expect(env.local.getItem(KEYS.returnPath)).toBe('/account');
  });

  it("a popup's sign-in after the user signed out does not sign them back in", async () => {
    const openedAt = Date.now() - 10_000;
    const env = testEnv(`/auth/callback#code=${CODE}&next=${encodeURIComponent(`/upload?relogin=${openedAt}`)}`);
    env.local.setItem(KEYS.logoutMarker, String(openedAt + 5_000));
    track(await started(env));
    expect(env.local.getItem(KEYS.token)).toBeNull();
    expect(env.closeWindow).toHaveBeenCalled();
  });
});

describe('debug log (spec §3)', () => {
  it('the debug flag enables a debug log capped at 500 entries, without tokens', async () => {
    const env = testEnv('/');
    const auth = new AuthController(env, root);
    auth.login();
    expect(env.local.getItem(KEYS.debugLog)).toBeNull();
    env.local.setItem(KEYS.debug, '1');
    for (let i = 0; i < 600; i++) {
      vi.advanceTimersByTime(1_500);
      auth.login();
    }
    const log = JSON.parse(env.local.getItem(KEYS.debugLog)!) as unknown[];
    expect(log).toHaveLength(500);
    const cb = testEnv(`/auth/callback#code=${CODE}`);
    cb.local.setItem(KEYS.debug, '1');
    track(await started(cb));
    expect(cb.local.getItem(KEYS.debugLog)).not.toContain(TOKEN);
  });
});
