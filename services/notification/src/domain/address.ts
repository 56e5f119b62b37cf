/**
 * E-mail addresses that may go into a header: one mailbox, no display name, no quoting, no
 * whitespace or control characters, so nothing can break out of To/Reply-To (header injection).
 */
const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isMailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /[A-Za-z]/.test(labels[labels.length - 1]!);
}

/** The canonical form used for idempotency keys and limits. */
export function normalizeAddress(value: string): string {
  return value.trim().toLowerCase();
}
