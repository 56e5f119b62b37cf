import { isLinkCode } from './codes.js';
import { isSubdomain } from './subdomain.js';

/**
 * A code as seen on a sender's host: `{subdomain}/{code}`. Token codes are unique per sender only,
 * so this pair is what the gateway's cache keys and the link service's ResolveLinks read. '/' is in
 * neither a label nor a code, so the split is unambiguous.
 */
export interface ScopedCode {
  subdomain: string;
  code: string;
}

export function scopedCode(subdomain: string, code: string): string {
  return `${subdomain}/${code}`;
}

/** `{subdomain}/{code}` → its parts; a bare code → subdomain ''; anything malformed → undefined. */
export function parseScopedCode(key: string): ScopedCode | undefined {
  const slash = key.indexOf('/');
  if (slash === -1) return isLinkCode(key) ? { subdomain: '', code: key } : undefined;
  const subdomain = key.slice(0, slash);
  const code = key.slice(slash + 1);
  return isSubdomain(subdomain) && isLinkCode(code) ? { subdomain, code } : undefined;
}
