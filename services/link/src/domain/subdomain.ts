export const SUBDOMAIN_MAX = 63;

/**
 * Spec §5: the sender subdomain is the e-mail's local part, lower case, keeping only a-z, 0-9
 * and '-', at most 63 characters. Leading and trailing hyphens are dropped so the result is a
 * valid DNS label; an e-mail that leaves nothing gives ''.
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
