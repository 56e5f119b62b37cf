import { randomBytes } from 'node:crypto';
import { isSlug as isValidShortId } from '@ferry/rules';

/** Words that must never become a slug even if the generator produced them (route names, Drive's `uc`). */
const RESERVED = new Set(['uc', 'api', 'd', 'r', 'faq', 'terms', 'privacy', 'upload', 'account', 'remotes', 'static', 'locales', '404']);

export const SLUG_LENGTH = 11;

/**
 * A new slug: 8 bytes from the CSPRNG as base64url = 11 characters of [A-Za-z0-9_-] carrying
 * 64 bits (OWASP asks for ≥ 64; "Gone in Six Characters" enumerated shorter ones).
 */
export function newSlug(random: (n: number) => Buffer = randomBytes): string {
  for (;;) {
    const slug = random(8).toString('base64url');
    if (slug.length === SLUG_LENGTH && isValidShortId(slug) && !RESERVED.has(slug.toLowerCase())) return slug;
  }
}

export function isReservedWord(value: string): boolean {
  return RESERVED.has(value.toLowerCase());
}
