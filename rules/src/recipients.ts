import { isMailAddress, normalizeAddress } from './mail-address.js';

/** Spec §8: the English text of the invalid-recipients message. */
export const INVALID_RECIPIENTS_MESSAGE = 'Please enter at least one email address';

/**
 * Why a recipients field is refused: `empty` (no entry at all), `invalid` (the entries that are
 * not mail addresses, in the order typed, each once), `too-many` (more distinct addresses than `max`).
 */
export type RecipientsResult =
  | { ok: true; recipients: string[] }
  | { ok: false; problem: 'empty' }
  | { ok: false; problem: 'invalid'; invalid: string[] }
  | { ok: false; problem: 'too-many'; max: number };

const SEPARATORS = /[,;\s]+/;

/**
 * Spec §5: entries split on commas, semicolons or whitespace, trimmed, de-duplicated
 * case-insensitively (the first spelling stays); at least one, every one a mail address
 * (`isMailAddress`), and at most `max` when a maximum is given. A list is read as its entries joined.
 */
export function parseRecipients(input: string | readonly string[], max?: number): RecipientsResult {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const part of (typeof input === 'string' ? [input] : input).flatMap((s) => s.split(SEPARATORS))) {
    const entry = part.trim();
    const key = normalizeAddress(entry);
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  if (entries.length === 0) return { ok: false, problem: 'empty' };
  const invalid = entries.filter((e) => !isMailAddress(e));
  if (invalid.length > 0) return { ok: false, problem: 'invalid', invalid };
  if (max !== undefined && entries.length > max) return { ok: false, problem: 'too-many', max };
  return { ok: true, recipients: entries };
}
