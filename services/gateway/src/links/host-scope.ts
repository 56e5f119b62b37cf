import type { IncomingMessage } from 'node:http';
import { classifyCode, scopedCode, subdomainOfHost } from '@ferry/rules';
import type { CacheEntry } from './link-cache.js';

/**
 * On a sender's host (`alice.ferry.app`) only that sender's links exist: other senders' slugs and
 * token codes answer 404 there. The root host (and any other host) serves every slug; token codes
 * exist only on their sender's host, as they are unique per sender only.
 */

let lastHost: string | undefined;
let lastRoot: string | undefined;
let lastSubdomain = '';

/** The sender subdomain a request came in on, '' for the root host and any other host. */
export function requestSubdomain(req: IncomingMessage, rootHost: string): string {
  const host = req.headers.host ?? '';
  // One-entry memo: the redirect's hot path sees the same few hosts again and again.
  if (host !== lastHost || rootHost !== lastRoot) {
    lastSubdomain = subdomainOfHost(host, rootHost) ?? '';
    lastHost = host;
    lastRoot = rootHost;
  }
  return lastSubdomain;
}

/** The cache key of a code seen on a host: token codes carry their sender's subdomain, slugs are global. */
export function cacheKey(code: string, subdomain: string): string {
  return subdomain !== '' && classifyCode(code) === 'token' ? scopedCode(subdomain, code) : code;
}

/** A cached link as a host sees it: another sender's link is not there. */
export function visibleOn<E extends CacheEntry | undefined>(entry: E, subdomain: string): E | { found: false } {
  if (subdomain === '' || !entry || !entry.found || entry.ownerSubdomain === subdomain) return entry;
  return { found: false };
}
