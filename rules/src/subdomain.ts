/**
 * Spec §5: a sender's subdomain, one DNS label under the root host. The first label an account gets
 * comes from its e-mail's local part; the link service records which account owns which label.
 */

export const SUBDOMAIN_MAX = 63;

/** One DNS label: lower-case letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isSubdomain(value: string): boolean {
  return LABEL.test(value);
}

/**
 * The e-mail's local part, lower case, keeping only a-z, 0-9 and '-', at most 63 characters, with
 * hyphens at either end dropped so the result is a valid DNS label; an e-mail that leaves nothing gives ''.
 */
export function senderSubdomain(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at) : email;
  return local
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, SUBDOMAIN_MAX)
    .replace(/^-+|-+$/g, '');
}

/**
 * The n-th candidate for a base label: `alice`, then `alice-2`, `alice-3`, … The base is shortened
 * so the candidate stays a valid label of at most 63 characters.
 */
export function numberedSubdomain(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  const head = base.slice(0, SUBDOMAIN_MAX - suffix.length).replace(/-+$/, '');
  return head === '' ? String(n) : `${head}${suffix}`;
}

/**
 * The sender label of a host name under `rootHost` (`alice.ferry.app` under `ferry.app` → `alice`);
 * undefined for the root host itself, `www`, deeper names and any other host. Ports are ignored.
 */
export function subdomainOfHost(host: string, rootHost: string): string | undefined {
  const name = stripPort(host).toLowerCase().replace(/\.$/, '');
  const root = stripPort(rootHost).toLowerCase().replace(/\.$/, '');
  const suffix = `.${root}`;
  if (root === '' || !name.endsWith(suffix)) return undefined;
  const label = name.slice(0, -suffix.length);
  return label !== 'www' && isSubdomain(label) ? label : undefined;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon >= 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
