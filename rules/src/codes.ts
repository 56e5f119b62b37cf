/**
 * Spec §5 and §9: how a link code in a URL is read. 8 to 16 characters is a slug (short id), 17 to
 * 63 a token code; a URL-safe set only. This is the one copy of the rule: the shell, the gateway and
 * the link service all read codes through it.
 */

export const SHORT_ID_MAX = 16;
/** Spec §9 "slug max length": no code in a URL is longer. */
export const LINK_CODE_MAX = 63;

const SHORT_ID = /^[A-Za-z0-9_-]{8,16}$/;
// A token code may hold '.' and '~' too, but never first ('.', '..' would be path segments) nor twice in a row.
const TOKEN_CODE = /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]{16,62}$/;

export type CodeKind = 'slug' | 'token' | 'invalid';

/**
 * A valid short id: 8 to 16 letters, digits, '_' or '-'. Route words such as 'uc' (Drive's
 * download path), 'faq' or 'upload' are all shorter than 8, so they never qualify.
 */
export function isSlug(value: string): boolean {
  return SHORT_ID.test(value);
}

/** Over 16 characters is a token code, 8 to 16 a slug; anything else (`..`, `/`, `%`, unicode, over 63) is invalid. */
export function classifyCode(value: string): CodeKind {
  if (value.length > LINK_CODE_MAX) return 'invalid';
  if (value.length > SHORT_ID_MAX) return TOKEN_CODE.test(value) && !value.includes('..') ? 'token' : 'invalid';
  return SHORT_ID.test(value) ? 'slug' : 'invalid';
}

/** A slug or a token code. */
export function isLinkCode(value: string): boolean {
  return classifyCode(value) !== 'invalid';
}
