import { classifyCode } from '@ferry/rules';
import type { HostKind, RemoteName } from '@ferry/shell-sdk';

/** What the shell does with a location. */
export type RouteDecision =
  | { kind: 'remote'; remote: RemoteName }
  | { kind: 'redirect'; url: string }
  | { kind: 'not-found' };

export interface RouteInput {
  pathname: string;
  search: string;
  host: HostKind;
  /** Origin of the root host, e.g. 'https://ferry.app'. */
  rootOrigin: string;
}

const MARKETING_PATHS = new Set(['/', '/faq', '/privacy', '/terms']);
/** First path segments that are never a slug (pages, API and static folders). */
const RESERVED = new Set(['upload', 'account', 'faq', 'privacy', 'terms', '404', 'api', 'locales', 'remotes', 'static', 'd', 'r']);

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

/** Spec §2 routes and redirect rules, as one pure function. */
export function resolveRoute({ pathname, search, host, rootOrigin }: RouteInput): RouteDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (MARKETING_PATHS.has(path)) return { kind: 'remote', remote: 'marketing' };
  if (path === '/account') return { kind: 'remote', remote: 'account' };
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
  if (segments.length === 1 && !RESERVED.has(segments[0]!)) {
    // The bare root host has no download pages of its own; a sender's (or any other) host does.
    return host.kind === 'root' ? { kind: 'not-found' } : downloadPage(segments[0]!, search);
  }
  return { kind: 'not-found' };
}

/** The footer is hidden on download routes. */
export function showsFooter(decision: RouteDecision): boolean {
  return !(decision.kind === 'remote' && decision.remote === 'download');
}
