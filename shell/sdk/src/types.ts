import type { LanguageCode } from './languages.js';

/** The four federated remotes; each is an MF container `ferry_<name>` exposing `./App`. */
export const REMOTE_NAMES = ['upload', 'download', 'account', 'marketing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Props the shell passes to a remote's `./App` (kept empty-friendly so remotes can run alone). */
export interface RemoteAppProps {
  /** Where the remote is mounted; always 'host' inside the shell, 'standalone' under the stand-in. */
  mode?: 'host' | 'standalone';
}

/** Filled by the sign-in issue; `null` until then (remotes must treat it as "not ready"). */
export interface ShellAuth {
  status: 'loading' | 'signed-out' | 'signed-in';
  email?: string;
  signIn(next?: string): void;
  signOut(): void;
}

/** The host the page is served on, as the shell's routing rules see it. */
export type HostKind =
  | { kind: 'root' }
  | { kind: 'sender'; subdomain: string }
  | { kind: 'other' };

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
