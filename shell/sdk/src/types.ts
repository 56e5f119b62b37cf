import type { LanguageCode } from './languages.js';

/** The federated remotes (@ferry/rules); each is an MF container `mfe_<name>` exposing `./App`. */
export { REMOTE_NAMES, type RemoteName } from '@ferry/rules';

/** Props the shell passes to a remote's `./App` (kept empty-friendly so remotes can run alone). */
export interface RemoteAppProps {
  /** Where the remote is mounted; always 'host' inside the shell, 'standalone' under the stand-in. */
  mode?: 'host' | 'standalone';
}

/** The signed-in user (spec §3: id and e-mail; name and picture when the provider gives them). */
export interface ShellAuthUser {
  id: string;
  email: string;
  name?: string;
  picture?: string;
}

/** A re-login for uploads: `waiting` while its popup is out, `blocked` until a click opens it. */
export type ReloginState = 'idle' | 'waiting' | 'blocked';

/**
 * The shell's authentication context (spec §3), one shared instance; `null` in the context when
 * a remote runs alone without sign-in (remotes must then treat it as "not ready").
 */
export interface ShellAuth {
  user: ShellAuthUser | null;
  /** The provider's access token (Drive calls, `Authorization: Bearer`). Never log it. */
  token: string | null;
  isAuthenticated: boolean;
  /** Startup finished; sign-in buttons stay disabled until then. */
  authReady: boolean;
  /** This tab session's one-time startup ran. */
  hydrated: boolean;
  /** Interactive sign-in; returns to `returnPath` (same-origin) or the remembered path, else /upload. */
  login(returnPath?: string): void;
  /** Signs out everywhere (all tabs) and goes to `/`. */
  logout(): void;
  /** Signs out; `expired` goes to `/?session=expired`. */
  logoutAndRedirect(reason?: 'expired'): void;
  /** Spec §4: a token older than 1 hour is stale for uploading. */
  isTokenStale(): boolean;
  /**
   * Spec §4: signs in again for an upload whose token went stale (over 1 h) or was refused, without
   * leaving the page (its queue and upload sessions live in memory): the sign-in runs in a popup,
   * opened at most once per 5 s. Callers during one re-login share it. Resolves once a fresh token
   * is stored; rejects with the signal's reason when `signal` aborts first.
   */
  reloginForUpload(signal?: AbortSignal): Promise<void>;
  /** Where that re-login stands: `blocked` when the browser blocked the popup (see `retryRelogin`). */
  relogin: ReloginState;
  /** Opens the re-login popup again; call it from a click (a user gesture) after it was blocked. */
  retryRelogin(): void;
  /** Short forms of the above for simple buttons. */
  status: 'loading' | 'signed-out' | 'signed-in';
  email?: string;
  signIn(next?: string): void;
  signOut(): void;
}

/** The host the page is served on, as the shell's routing rules see it. */
export type HostKind = { kind: 'root' } | { kind: 'sender'; subdomain: string } | { kind: 'other' };

export interface ShellContextValue {
  mode: 'host' | 'standalone';
  /** True once i18next has loaded the first language. */
  i18nReady: boolean;
  language: LanguageCode;
  /** Languages offered by the header switcher. */
  languages: readonly LanguageCode[];
  changeLanguage(language: LanguageCode): Promise<void>;
  host: HostKind;
  /** Absolute URL of a path on the root host (for links that must leave a sender subdomain). */
  rootUrl(path: string): string;
  /** Client-side navigation inside the single-page app. */
  navigate(path: string): void;
  auth: ShellAuth | null;
}

/** Window event the shell fires once a trial start succeeded; the account remote reloads on it. */
export const TRIAL_STARTED_EVENT = 'ferry:trial-started';
