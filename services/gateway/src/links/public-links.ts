import { isIP } from 'node:net';

/** The URLs Ferry hands out for a link (Shorten, the list, mails). */
export interface PublicLinks {
  /** PUBLIC_ORIGIN's host (with its port): `{sender}.{rootHost}` is a sender's subdomain. */
  rootHost: string;
  /** Whether handed-out links are on the sender's own subdomain. */
  subdomainLinks: boolean;
  /** `{proto}//{sender}.{root}/{slug}` when subdomain links are on and the link has a sender subdomain, else `{origin}/r/{slug}`. */
  shortUrl(slug: string, ownerSubdomain: string): string;
  /** `{proto}//{subdomain}.{root}/{code}`: the spec §2 `/{slug}` route on a sender's host. */
  senderUrl(subdomain: string, code: string): string;
}

/**
 * Whether `{label}.{host}` can name this host in a browser: a DNS name with a dot, or `localhost`
 * (browsers resolve `*.localhost` to loopback). IP addresses and single-label names cannot.
 */
export function hostSupportsSubdomains(publicOrigin: string): boolean {
  const hostname = new URL(publicOrigin).hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname) !== 0) return false;
  return hostname === 'localhost' || hostname.includes('.');
}

export function publicLinksFor(publicOrigin: string, subdomainLinks: boolean): PublicLinks {
  const origin = new URL(publicOrigin);
  const senderUrl = (subdomain: string, code: string) => `${origin.protocol}//${subdomain}.${origin.host}/${code}`;
  return {
    rootHost: origin.host,
    subdomainLinks,
    senderUrl,
    shortUrl: (slug, ownerSubdomain) =>
      subdomainLinks && ownerSubdomain !== '' ? senderUrl(ownerSubdomain, slug) : `${origin.origin}/r/${slug}`,
  };
}

/** SUBDOMAIN_LINKS=on|off; unset = on when PUBLIC_ORIGIN's host can have subdomains. */
export function publicLinksOf(config: {
  PUBLIC_ORIGIN: string;
  SUBDOMAIN_LINKS?: 'on' | 'off' | undefined;
}): PublicLinks {
  const on =
    config.SUBDOMAIN_LINKS === undefined
      ? hostSupportsSubdomains(config.PUBLIC_ORIGIN)
      : config.SUBDOMAIN_LINKS === 'on';
  return publicLinksFor(config.PUBLIC_ORIGIN, on);
}
