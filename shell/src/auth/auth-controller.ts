import {
  AUTH_EVENTS,
  AUTH_TIMINGS,
  CALLBACK_PATH,
  DEFAULT_SESSION_MAX_AGE_HOURS,
  HANDOVER_PATH,
  KEYS,
  MIN_TOKEN_LENGTH,
  TRANSIENT_PARAMS,
} from './constants';
import { normaliseUser, type AuthUser } from './profile';
import { safeReturnPath } from '@ferry/rules';
import { chooseReturnPath } from './return-path';
import { hasSessionCookie, SessionStore } from './session-store';
import type { ReloginState } from '@ferry/shell-sdk';
import { reloginOpenedAt, UploadRelogin, type PopupWindow } from './upload-relogin';

export interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** Startup finished: the session is known (login buttons may be enabled). */
  authReady: boolean;
  /** This tab session's one-time startup (silent refresh) has run. */
  hydrated: boolean;
  /** The provider said consent_required on a silent refresh. */
  consentRequired: boolean;
  relogin: ReloginState;
}

/** What the controller needs from the browser (injected so rules can be tested with fake timers). */
export interface AuthEnvironment {
  local: Storage;
  session: Storage;
  cookies(): string;
  location(): { pathname: string; search: string; hash: string };
  /** Rewrites the address bar without navigating (drops the hand-over fragment, transient params). */
  replaceUrl(pathAndQuery: string): void;
  /** In-app navigation (replace). */
  navigate(pathAndQuery: string): void;
  /** Full-page navigation (sign-in provider, logout). */
  assign(url: string): void;
  /** Opens a popup window; null when the browser blocked it. */
  openPopup(url: string): PopupWindow | null;
  /** Closes this window (a re-login popup whose token is stored). */
  closeWindow(): void;
  fetch: typeof fetch;
  /** Window: storage and custom events arrive and are dispatched here. */
  events: EventTarget;
  /** Document: visibilitychange. */
  visibility: { readonly visibilityState: DocumentVisibilityState } & EventTarget;
  now(): number;
}

export interface AuthOptions {
  /** Path segment of `/api/auth/{provider}`. */
  provider: string;
  maxAgeHours?: number;
  /** A sender's subdomain signs in on the root host. */
  hostKind: 'root' | 'sender' | 'other';
  /** Origin of the root host (for sign-in from a sender's subdomain). */
  rootOrigin: string;
}

type Listener = (state: AuthState) => void;

/**
 * The shell's authentication (spec §3-§5): one instance per page, shared with the remotes through
 * the shell context. Framework-free; the React provider subscribes to it.
 */
export class AuthController {
  private state: AuthState = {
    user: null,
    token: null,
    isAuthenticated: false,
    authReady: false,
    hydrated: false,
    consentRequired: false,
    relogin: 'idle',
  };
  private readonly listeners = new Set<Listener>();
  private readonly store: SessionStore;
  private readonly maxAgeMs: number;
  private readonly cleanups: (() => void)[] = [];
  private started = false;
  private leaving = false;
  private lastCookieSession = false;
  private readonly relogin: UploadRelogin;

  constructor(
    private readonly env: AuthEnvironment,
    private readonly options: AuthOptions,
  ) {
    this.options = { ...options };
    this.store = new SessionStore(env.local, env.session);
    this.maxAgeMs = (options.maxAgeHours ?? DEFAULT_SESSION_MAX_AGE_HOURS) * 3_600_000;
    this.relogin = new UploadRelogin(
      {
        token: () => this.state.token,
        isTokenStale: () => this.isTokenStale(),
        checkSession: () => this.checkSession(),
        openPopup: (url) => env.openPopup(url),
        now: () => env.now(),
        setState: (relogin) => this.setState({ relogin }),
        debug: (message) => this.store.debug(message, env.now()),
      },
      options.provider,
    );
  }

  /** The host rules are known once the remotes manifest (root domain) has loaded. */
  configure(options: Pick<AuthOptions, 'hostKind' | 'rootOrigin'>): void {
    this.options.hostKind = options.hostKind;
    this.options.rootOrigin = options.rootOrigin;
  }

  getState(): AuthState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs startup once: the sign-in callback, the session check, the silent refresh, the watchers. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.state = { ...this.state, consentRequired: this.store.getValue('local', KEYS.consentRequired) === '1' };
    if (this.env.location().pathname === CALLBACK_PATH) {
      await this.completeCallback();
      this.watch();
      return;
    }
    const signInError = new URLSearchParams(this.env.location().search).get('error');
    // Spec §8: a sign-in error is logged (the gateway already sent the user to `/`).
    if (signInError) this.store.debug(`sign-in error ${signInError}`, this.env.now());
    const hadToken = this.store.readToken() !== undefined;
    const valid = this.validSession();
    if (!valid && hadToken) {
      this.logoutAndRedirect('expired');
      return;
    }
    if (valid) {
      this.setState({ isAuthenticated: true, token: valid.token, user: this.userFromStorage() });
      this.stripTransientParams();
    }
    if (this.startupOnce(valid)) return;
    this.ready();
    this.watch();
    if (valid?.token) await this.verifyWithServer(true);
  }

  stop(): void {
    for (const c of this.cleanups.splice(0)) c();
    this.relogin.dispose();
  }

  /**
   * Starts an interactive sign-in. The return path is the argument, else the remembered one,
   * else `/upload` plus the current query; only same-origin paths are kept.
   */
  login(returnPath?: string): void {
    const now = this.env.now();
    // Redirect guard: a double click or a second effect does not start a second sign-in.
    if (now - this.store.getNumber('session', KEYS.lastLoginRedirect) < AUTH_TIMINGS.redirectGuardMs) return;
    const loc = this.env.location();
    const next = chooseReturnPath([returnPath, this.store.readReturnPath()], loc.search);
    this.store.setValue('session', KEYS.lastLoginRedirect, String(now));
    this.store.debug('login redirect', now);
    const query = `next=${encodeURIComponent(next)}`;
    if (this.options.hostKind === 'sender') {
      this.leave(`${this.options.rootOrigin}/api/auth/${this.options.provider}?${query}`);
      return;
    }
    this.store.writeReturnPath(next);
    this.leave(`/api/auth/${this.options.provider}?${query}`);
  }

  /** Signs out here and in every other tab, then goes to `/`. */
  logout(): void {
    this.logoutAndRedirect();
  }

  /** Signs out; `expired` sends the user home with `session=expired`. */
  logoutAndRedirect(reason?: 'expired'): void {
    const token = this.state.token ?? this.store.readToken()?.token;
    this.clearLocal();
    // Other tabs see this storage event and sign out as well.
    this.store.setValue('local', KEYS.logoutMarker, String(this.env.now()));
    this.store.debug(`logout${reason ? ` (${reason})` : ''}`, this.env.now());
    if (token && reason !== 'expired') {
      // Best effort: revoke at the provider; the local logout never waits for it.
      this.env
        .fetch('/api/auth/revoke', { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true })
        .catch(() => undefined);
    }
    this.leave(reason === 'expired' ? '/?session=expired' : '/');
  }

  /** A token older than 1 hour is stale for uploading (spec §4). */
  isTokenStale(): boolean {
    const stored = this.store.readToken();
    return !stored || this.env.now() - stored.at > AUTH_TIMINGS.uploadStaleMs;
  }

  /**
   * Spec §4: a new sign-in for uploads, in a popup so that this page (its queue, its upload
   * sessions) stays; see UploadRelogin. Resolves once a fresh token is stored.
   */
  reloginForUpload(signal?: AbortSignal): Promise<void> {
    return this.relogin.wait(signal);
  }

  /** Opens the re-login popup from a click, after the browser blocked it or within the throttle. */
  retryRelogin(): void {
    this.relogin.retry();
  }

  /** Remembers where a visitor wanted to go (route guard) for after the sign-in. */
  rememberReturnPath(path: string): void {
    const safe = safeReturnPath(path);
    if (safe) this.store.writeReturnPath(safe);
  }

  /** Spec §4 session check: missing or too old → logout with session=expired; token appearing → signed in. */
  checkSession(): void {
    if (this.leaving) return;
    const valid = this.validSession();
    if (this.state.isAuthenticated && !valid) {
      this.logoutAndRedirect('expired');
      return;
    }
    if (!this.state.isAuthenticated && valid) {
      this.setState({ isAuthenticated: true, token: valid.token, user: this.userFromStorage() });
      this.emit(AUTH_EVENTS.changed);
      if (valid.token) void this.verifyWithServer(true);
      return;
    }
    if (valid && valid.token !== this.state.token) this.setState({ token: valid.token });
    this.relogin.settle();
  }

  // --- internals -------------------------------------------------------------------------

  private validSession(): { token: string | null } | undefined {
    const stored = this.store.readToken();
    const now = this.env.now();
    if (stored && stored.at > 0 && now - stored.at < this.maxAgeMs && now >= stored.at - 60_000)
      return { token: stored.token };
    if (stored) this.store.clearToken(); // expired (or without a time): removed
    if (hasSessionCookie(this.env.cookies())) return { token: null };
    return undefined;
  }

  private userFromStorage(): AuthUser | null {
    const last = this.store.readLastUser();
    return last ? { id: last.id, email: last.email } : null;
  }

  /** `GET /api/me` (profile) at start, `HEAD /api/me` on checks; 401/403 forces logout. */
  private async verifyWithServer(withProfile: boolean, announce = true): Promise<void> {
    const token = this.state.token;
    if (!token || this.leaving) return;
    let res: Response;
    try {
      res = await this.env.fetch('/api/me', {
        method: withProfile ? 'GET' : 'HEAD',
        headers: { authorization: `Bearer ${token}` },
        cache: 'no-store',
      });
    } catch {
      return; // offline: keep the session, the next check retries
    }
    if (this.state.token !== token || this.leaving) return;
    if (res.status === 401 || res.status === 403) {
      this.logoutAndRedirect('expired');
      return;
    }
    if (withProfile && res.ok) {
      const user = normaliseUser(await res.json().catch(() => null));
      if (user) {
        this.store.writeUser(user);
        if (
          user.email !== this.state.user?.email ||
          user.id !== this.state.user?.id ||
          user.name !== this.state.user?.name
        ) {
          this.setState({ user });
          if (announce) this.emit(AUTH_EVENTS.changed);
        }
      }
    }
  }

  /**
   * The gateway's hand-over: `/auth/callback#code=…&next=…[&silent=1]` or `#error=…&silent=1`. The
   * token comes only from redeeming the code (POST, with the httpOnly cookie of the browser that
   * started the sign-in), never from the address: a crafted link to this page leaves the session
   * as it is.
   */
  private async completeCallback(): Promise<void> {
    const params = new URLSearchParams(this.env.location().hash.replace(/^#/, ''));
    // The code must not stay in the address bar or the history.
    this.env.replaceUrl(CALLBACK_PATH);
    const code = params.get('code');
    const silent = params.get('silent') === '1';
    const next = safeReturnPath(params.get('next') ?? undefined);
    this.store.setValue('session', KEYS.hydrated, '1');
    const reloginAt = reloginOpenedAt(next);
    if (code && reloginAt !== undefined && this.store.getNumber('local', KEYS.logoutMarker) > reloginAt) {
      // Signed out after this re-login popup opened: its sign-in does not bring the session back.
      this.store.debug('re-login after sign-out ignored', this.env.now());
      this.env.closeWindow();
      this.leave('/');
      return;
    }
    const handedOver = code ? await this.redeemHandover(code) : { error: params.get('error') ?? 'invalid_request' };
    if ('error' in handedOver) {
      const { error } = handedOver;
      if (error === 'consent_required') {
        this.store.setValue('local', KEYS.consentRequired, '1');
        this.setState({ consentRequired: true });
      }
      this.store.debug(`sign-in callback error ${error}${silent ? ' (silent)' : ''}`, this.env.now());
      this.setState({ hydrated: true });
      this.ready();
      // A failed silent refresh returns quietly; anything else is a sign-in error: home.
      if (silent) this.env.navigate(next && !this.isProtected(next) ? next : '/');
      else this.leave(`/?error=${encodeURIComponent(error)}`);
      return;
    }
    const { token } = handedOver;
    const now = this.env.now();
    this.store.writeToken(token, now);
    this.store.removeValue('local', KEYS.consentRequired);
    this.store.removeValue('local', KEYS.logoutMarker);
    if (silent) this.store.setValue('session', KEYS.lastSilentRefresh, String(now));
    this.store.debug(`signed in${silent ? ' (silent)' : ''}`, now);
    this.setState({
      isAuthenticated: true,
      token,
      hydrated: true,
      consentRequired: false,
      user: this.userFromStorage(),
    });
    await this.verifyWithServer(true, false);
    if (this.leaving) return;
    // A re-login popup: the page that opened it picks the token up from storage.
    if (reloginAt !== undefined) this.env.closeWindow();
    const target = stripParams(chooseReturnPath([next, this.store.readReturnPath()], ''));
    if (reloginAt === undefined) this.store.clearReturnPath();
    this.ready();
    this.emit(AUTH_EVENTS.changed);
    const timer = setTimeout(() => this.env.navigate(target), AUTH_TIMINGS.redirectAfterLoginMs);
    this.cleanups.push(() => clearTimeout(timer));
  }

  /** `POST /api/auth/handover`: the token, or the error to report (the gateway's code, else a generic one). */
  private async redeemHandover(code: string): Promise<{ token: string } | { error: string }> {
    let res: Response;
    try {
      res = await this.env.fetch(HANDOVER_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return { error: 'temporarily_unavailable' };
    }
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; code?: unknown } | null;
    const token = body?.access_token;
    if (res.ok && typeof token === 'string' && token.length >= MIN_TOKEN_LENGTH) return { token };
    return { error: res.status < 500 && typeof body?.code === 'string' ? body.code : 'server_error' };
  }

  /**
   * Once per tab session: a silent refresh (`prompt=none`) when the token is stale for uploads,
   * unless consent is known to be required or one ran in the last 2 minutes. True when the page leaves.
   */
  private startupOnce(valid: { token: string | null } | undefined): boolean {
    if (this.store.getValue('session', KEYS.hydrated) === '1') {
      this.setState({ hydrated: true });
      return false;
    }
    this.store.setValue('session', KEYS.hydrated, '1');
    this.setState({ hydrated: true });
    const now = this.env.now();
    const lastRefresh = Math.max(
      this.store.getNumber('local', KEYS.lastSilentRefresh),
      this.store.getNumber('session', KEYS.lastSilentRefresh),
    );
    if (!valid?.token || !this.isTokenStale() || this.state.consentRequired) return false;
    if (now - lastRefresh < AUTH_TIMINGS.silentRefreshThrottleMs) return false;
    this.store.setValue('local', KEYS.lastSilentRefresh, String(now));
    this.store.setValue('session', KEYS.lastSilentRefresh, String(now));
    const loc = this.env.location();
    this.store.debug('silent refresh', now);
    this.leave(
      `/api/auth/${this.options.provider}?prompt=none&next=${encodeURIComponent(`${loc.pathname}${loc.search}`)}`,
    );
    return true;
  }

  private watch(): void {
    const onStorage = (e: Event) => {
      const key = (e as StorageEvent).key;
      if (key === KEYS.logoutMarker && (e as StorageEvent).newValue) {
        // Another tab signed out.
        if (this.state.isAuthenticated || this.store.readToken()) {
          this.clearLocal();
          this.leave('/');
        }
        return;
      }
      if (key === null || key.startsWith('ferry_') || (KEYS.tokenAliases as readonly string[]).includes(key))
        this.checkSession();
    };
    const onVisible = () => {
      if (this.env.visibility.visibilityState === 'visible') this.periodicCheck();
    };
    const onCheck = () => this.periodicCheck();
    this.env.events.addEventListener('storage', onStorage);
    this.env.visibility.addEventListener('visibilitychange', onVisible);
    this.env.events.addEventListener(AUTH_EVENTS.check, onCheck);
    this.lastCookieSession = hasSessionCookie(this.env.cookies());
    const cookiePoll = setInterval(() => {
      const now = hasSessionCookie(this.env.cookies());
      if (now !== this.lastCookieSession) {
        this.lastCookieSession = now;
        this.checkSession();
      }
    }, AUTH_TIMINGS.cookiePollMs);
    const interval = setInterval(() => this.periodicCheck(), AUTH_TIMINGS.sessionCheckMs);
    this.cleanups.push(
      () => this.env.events.removeEventListener('storage', onStorage),
      () => this.env.visibility.removeEventListener('visibilitychange', onVisible),
      () => this.env.events.removeEventListener(AUTH_EVENTS.check, onCheck),
      () => clearInterval(cookiePoll),
      () => clearInterval(interval),
    );
  }

  private periodicCheck(): void {
    this.checkSession();
    if (this.state.isAuthenticated && !this.leaving) void this.verifyWithServer(false);
  }

  private clearLocal(): void {
    this.relogin.cancel(new Error('signed out'));
    this.store.clearToken();
    this.store.clearUser();
    this.store.clearReturnPath();
    this.setState({ isAuthenticated: false, token: null, user: null });
    this.emit(AUTH_EVENTS.changed);
  }

  private leave(url: string): void {
    this.leaving = true;
    this.stop();
    this.env.assign(url);
  }

  private ready(): void {
    if (this.state.authReady) return;
    this.setState({ authReady: true });
    this.emit(AUTH_EVENTS.ready);
  }

  private stripTransientParams(): void {
    const loc = this.env.location();
    const stripped = stripParams(`${loc.pathname}${loc.search}`);
    if (stripped !== `${loc.pathname}${loc.search}`) this.env.replaceUrl(stripped);
  }

  private isProtected(path: string): boolean {
    const p = path.split('?')[0]!.replace(/\/+$/, '');
    return p === '/upload' || p === '/account' || p === '/admin';
  }

  private setState(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }

  private emit(type: string): void {
    this.env.events.dispatchEvent(new CustomEvent(type, { detail: { isAuthenticated: this.state.isAuthenticated } }));
  }
}

/** Drops `session`, `error` and `error_description` from a path's query. */
export function stripParams(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://ferry.invalid');
  for (const p of TRANSIENT_PARAMS) url.searchParams.delete(p);
  return `${url.pathname}${url.search}`;
}
