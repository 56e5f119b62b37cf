import { randomBytes } from 'node:crypto';

export const SLUG_LENGTH = 11;

/**
 * A new slug: 8 bytes from the CSPRNG as base64url = 11 characters of [A-Za-z0-9_-] carrying
 * 64 bits (OWASP asks for ≥ 64; "Gone in Six Characters" enumerated shorter ones). Every route word
 * (`uc`, `api`, `upload`, …) is shorter than a short id, so none can come out of it.
 */
export function newSlug(random: (n: number) => Buffer = randomBytes): string {
  return random(8).toString('base64url');
}
