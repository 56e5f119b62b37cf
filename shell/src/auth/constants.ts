/** Spec §9 auth timings and §3 session rules, in one place. */
export const AUTH_TIMINGS = {
  /** Session expiry check (spec: every 30 s, plus start, storage change, tab visible). */
  sessionCheckMs: 30_000,
  /** Cookie polling for session/auth/user cookies set by another part of the site. */
  cookiePollMs: 800,
  /** Redirect to the return path after a successful sign-in. */
  redirectAfterLoginMs: 30,
  /** A silent refresh is never repeated within this time. */
  silentRefreshThrottleMs: 2 * 60_000,
  /** A new login for a stale upload token at most this often. */
  reloginThrottleMs: 5_000,
  /** Two login redirects within this time are one (double clicks, two effects). */
  redirectGuardMs: 1_500,
  /** A token older than this is stale for uploading (Google access tokens live 1 h). */
  uploadStaleMs: 60 * 60_000,
} as const;

/** Session max age: 72 h unless the build sets PUBLIC_SESSION_MAX_AGE_HOURS (the production setting is 168). */
export const DEFAULT_SESSION_MAX_AGE_HOURS = 72;

/** The build setting as a number of hours; anything missing or not a positive number is the default. */
export function sessionMaxAgeHours(setting: string | undefined): number {
  const hours = Number(setting);
  return setting !== undefined && setting.trim() !== '' && Number.isFinite(hours) && hours > 0
    ? hours
    : DEFAULT_SESSION_MAX_AGE_HOURS;
}

/** Tokens shorter than this are leftovers or junk, never a real access token. */
export const MIN_TOKEN_LENGTH = 11;

/** Debug log entries kept at most. */
export const DEBUG_LOG_CAP = 500;

/** Where the gateway sends the browser after a sign-in, with a one-time code in the fragment (services/gateway/src/auth/routes.ts). */
export const CALLBACK_PATH = '/auth/callback';

/**
 * Where the callback page redeems that code for the token (POST, JSON `{ code }`): the gateway
 * gives it only to the browser that started the sign-in (its httpOnly cookie), once.
 */
export const HANDOVER_PATH = '/api/auth/handover';

/** Storage keys (spec §3 "Session"). Primary keys carry the product name; aliases are read and written too. */
export const KEYS = {
  token: 'ferry_access_token',
  tokenAt: 'ferry_access_token_at',
  tokenAliases: ['access_token', 'auth_token'],
  tokenAtAliases: ['access_token_at', 'auth_token_at'],
  userEmail: 'user_email',
  /** Session storage: `{ id, email }` of the last signed-in user. */
  lastUser: 'ferry_last_user',
  returnPath: 'ferry_return_path',
  /** Time of the last redirect to the sign-in page (redirect guard and re-login throttle). */
  lastLoginRedirect: 'ferry_last_login_redirect',
  /** Local storage, written on logout: other tabs see the storage event and sign out too. */
  logoutMarker: 'ferry_logout',
  /** Session storage: startup (silent refresh) ran in this tab session. */
  hydrated: 'ferry_hydrated',
  consentRequired: 'ferry_consent_required',
  lastSilentRefresh: 'ferry_last_silent_refresh',
  debug: 'ferry_debug',
  debugLog: 'ferry_debug_log',
} as const;

/** Cookies whose presence counts as a session (spec §4). */
export const SESSION_COOKIE_NAMES = ['session', 'auth', 'user'] as const;

/** Window events: fired by the auth context, and one any code may fire to ask for a re-check. */
export const AUTH_EVENTS = {
  ready: 'ferry:auth-ready',
  changed: 'ferry:auth-changed',
  check: 'ferry:auth-check',
} as const;

/** URL parameters removed from the address bar after a sign-in (spec §4, plus the re-login popup's marker). */
export const TRANSIENT_PARAMS = ['session', 'error', 'error_description', 'relogin'] as const;
