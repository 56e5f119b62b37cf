import { classifyCode } from './codes.js';
import type { RemoteName } from './remotes.js';
import { isSubdomain } from './subdomain.js';

/** Which host a page is on: the root host, a sender's subdomain, or any other host. */
export type RouteHost = { kind: 'root' } | { kind: 'sender'; subdomain: string } | { kind: 'other' };

/** What a path is: a remote's page, a redirect, or no page at all (404). */
export type RouteDecision =
  | { kind: 'remote'; remote: RemoteName }
  | { kind: 'redirect'; url: string }
  | { kind: 'not-found' };

export interface RouteInput {
  pathname: string;
  search: string;
  host: RouteHost;
  /** Origin of the root host, e.g. 'https://ferry.app'. */
  rootOrigin: string;
}

/** The marketing remote's pages (spec §2), each with a URL per language. */
export const MARKETING_PATHS: readonly string[] = ['/', '/faq', '/privacy', '/terms'];
const marketingPaths: ReadonlySet<string> = new Set(MARKETING_PATHS);

function apiDownload(slug: string, search: string): RouteDecision {
  return { kind: 'redirect', url: `/api/d/${slug}${search}` };
}

/** A slug (8-16 characters) has a download page; a token code (17-63) is resolved by the API. */
function downloadPage(code: string, search: string): RouteDecision {
  const kind = classifyCode(code);
  if (kind === 'invalid') return { kind: 'not-found' };
  if (kind === 'token') return apiDownload(code, search);
  return { kind: 'remote', remote: 'download' };
}

/**
 * Spec §2 routes and redirect rules, as one pure function: the shell's router and the server's
 * 404s both ask it.
 */
export function resolveRoute({ pathname, search, host, rootOrigin }: RouteInput): RouteDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (marketingPaths.has(path)) return { kind: 'remote', remote: 'marketing' };
  // The administrators' page lives in the account remote (same sign-in, same shell chrome).
  if (path === '/account' || path === '/admin') return { kind: 'remote', remote: 'account' };
  if (path === '/upload') {
    return host.kind === 'root'
      ? { kind: 'remote', remote: 'upload' }
      : { kind: 'redirect', url: `${rootOrigin}/upload${search}` };
  }
  // Any path under /d/ goes to the API, which redirects to the file.
  if (path.startsWith('/d/')) {
    const slug = path.slice(3);
    return slug ? apiDownload(slug, search) : { kind: 'not-found' };
  }
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 2 && segments[0] === 'r') return downloadPage(segments[1]!, search);
  if (segments.length === 1) {
    // The bare root host has no download pages of its own; a sender's (or any other) host does.
    // Page and folder names (api, static, upload, …) are shorter than a slug: never a download page.
    return host.kind === 'root' ? { kind: 'not-found' } : downloadPage(segments[0]!, search);
  }
  return { kind: 'not-found' };
}

/** The slug of a download page's path (`/r/<slug>` or `/<slug>`), when the route is one. */
export function downloadSlugOf(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const code =
    segments.length === 2 && segments[0] === 'r' ? segments[1] : segments.length === 1 ? segments[0] : undefined;
  return code !== undefined && classifyCode(code) === 'slug' ? code : undefined;
}

/**
 * The root domain when the run-time config gives none: `localhost` for `localhost` and
 * `*.localhost` (development), otherwise the page's own host name.
 */
export function defaultRootDomain(hostname: string): string {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') ? 'localhost' : host;
}

/** Root host (`ferry.app`, `www.ferry.app`), a sender's subdomain (`anna.ferry.app`), or any other host. */
export function classifyHost(hostname: string, rootDomain: string): RouteHost {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const root = rootDomain.toLowerCase().replace(/\.$/, '');
  if (host === root || host === `www.${root}`) return { kind: 'root' };
  const suffix = `.${root}`;
  if (host.endsWith(suffix)) {
    const subdomain = host.slice(0, -suffix.length);
    if (isSubdomain(subdomain)) return { kind: 'sender', subdomain };
  }
  return { kind: 'other' };
}

/**
 * The slug a download page is pre-rendered with at build; the server puts the visitor's slug and
 * path in its place (`/r/<PRERENDER_SLUG>` is the pre-rendered route).
 */
export const PRERENDER_SLUG = 'ferry0slug';
