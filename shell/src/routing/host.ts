import { isSubdomain } from '@ferry/rules';
import type { HostKind } from '@ferry/shell-sdk';

/**
 * The root domain when the run-time config gives none: `localhost` for `localhost` and
 * `*.localhost` (development), otherwise the page's own host name.
 */
export function defaultRootDomain(hostname: string): string {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') ? 'localhost' : host;
}

/** Root host (`ferry.app`, `www.ferry.app`), a sender's subdomain (`anna.ferry.app`), or any other host. */
export function classifyHost(hostname: string, rootDomain: string): HostKind {
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

/** Origin of the root host, keeping the page's protocol and port. */
export function rootOrigin(location: { protocol: string; port: string }, rootDomain: string): string {
  return `${location.protocol}//${rootDomain}${location.port ? `:${location.port}` : ''}`;
}
