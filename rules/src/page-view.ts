import { classifyCode } from './codes.js';
import { isSupportedLanguage } from './languages.js';
import { MARKETING_PATHS } from './routes.js';

/** The patterns download pages and unknown paths are counted under. */
const PATTERNS = ['/r/:code', '/d/:code', '/:code', '/404'] as const;

/** Pages counted under their own path, and the patterns (so that a counted path counts as itself). */
const PAGES: ReadonlySet<string> = new Set([...MARKETING_PATHS, '/upload', '/account', ...PATTERNS]);

/**
 * The path a page view is counted under: never a link's code, nothing the visitor typed into an
 * unknown path. Download pages and redirects count as `/r/:code`, `/d/:code` and `/:code` (a
 * sender's subdomain); unknown paths as `/404`. A counted path maps to itself, so the browser and the
 * gateway can both apply it.
 */
export function pageViewPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PAGES.has(path)) return path;
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'd' && segments.length >= 2) return '/d/:code';
  if (segments[0] === 'r' && segments.length === 2 && classifyCode(segments[1]!) !== 'invalid') return '/r/:code';
  if (segments.length === 1 && classifyCode(segments[0]!) !== 'invalid') return '/:code';
  return '/404';
}

/**
 * The URL a page view is recorded with: the origin, the counted path (pageViewPath) and only a
 * supported `lng` from the query. Other query parameters, the fragment and any user info are
 * dropped, since they may carry personal data (a sign-in's code, an address). Undefined when the
 * input is no http(s) URL.
 */
export function pageViewUrl(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const lng = url.searchParams.get('lng');
  const query = lng !== null && isSupportedLanguage(lng) ? `?lng=${lng}` : '';
  return `${url.origin}${pageViewPath(url.pathname)}${query}`;
}
