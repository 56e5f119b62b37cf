/** Spec §5: recipients are split on commas, semicolons or whitespace, trimmed, de-duplicated. */

export const INVALID_RECIPIENTS_MESSAGE = 'Please enter at least one email address';

export type RecipientsResult = { ok: true; recipients: string[] } | { ok: false; error: string };

export function parseRecipients(input: string | string[]): RecipientsResult {
  const parts = (Array.isArray(input) ? input : [input]).flatMap((s) => s.split(/[,;\s]+/));
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const part of parts) {
    const address = part.trim();
    if (!address) continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(address);
  }
  if (recipients.length === 0 || recipients.some((r) => !r.includes('@'))) {
    return { ok: false, error: INVALID_RECIPIENTS_MESSAGE };
  }
  return { ok: true, recipients };
}
