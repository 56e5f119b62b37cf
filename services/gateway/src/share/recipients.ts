/** Spec §5 recipients rule plus a strict address check (the notification service checks the same again). */

export const INVALID_RECIPIENTS_MESSAGE = 'Please enter at least one email address';

const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** One plain mailbox: no display name, quotes, whitespace or control characters. */
export function isMailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /[A-Za-z]/.test(labels[labels.length - 1]!);
}

/** Split on commas, semicolons or whitespace, trimmed, de-duplicated (case-insensitively); every entry an address. */
export function parseRecipients(input: unknown): { ok: true; recipients: string[] } | { ok: false } {
  const values = Array.isArray(input) ? input : [input];
  if (values.some((v) => typeof v !== 'string')) return { ok: false };
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const part of (values as string[]).flatMap((s) => s.split(/[,;\s]+/))) {
    const address = part.trim();
    if (!address) continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(address);
  }
  if (recipients.length === 0 || !recipients.every(isMailAddress)) return { ok: false };
  return { ok: true, recipients };
}
