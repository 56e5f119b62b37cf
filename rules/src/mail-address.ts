/**
 * An e-mail address Ferry mails to or names in a header: one plain mailbox, no display name, no
 * quoting, no whitespace or control characters, so nothing can break out of To/Reply-To (header
 * injection). The local part is RFC 5322 dot-atom text; the domain has at least two DNS labels and
 * a top-level label with a letter.
 */
export const MAIL_ADDRESS_MAX = 254;

const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isMailAddress(value: string): boolean {
  if (value.length > MAIL_ADDRESS_MAX) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = value.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /[A-Za-z]/.test(labels[labels.length - 1]!);
}

/** The form two addresses are compared in (de-duplication, idempotency keys, limits). */
export function normalizeAddress(value: string): string {
  return value.trim().toLowerCase();
}
