/** Spec §5 and §9: how a slug or token code in a URL is read. */

export const SHORT_ID_MIN = 8;
export const SHORT_ID_MAX = 16;
export const SLUG_MAX = 63;
export const TOKEN_CODE_MAX = 2048;

const SHORT_ID = /^[A-Za-z0-9_-]{8,16}$/;
const TOKEN_CODE = /^[A-Za-z0-9_.~-]{17,}$/;

export type CodeKind = 'slug' | 'token' | 'invalid';

/**
 * True for a valid short id: 8 to 16 letters, digits, '_' or '-'. Route words such as 'uc'
 * (Drive's download path), 'faq' or 'upload' are all shorter than 8, so they never qualify.
 */
export function isValidShortId(value: string): boolean {
  return SHORT_ID.test(value);
}

/** Over 16 characters is a full token code, 8 to 16 a slug; anything else is refused. */
export function classifyCode(value: string): CodeKind {
  // Token codes are bounded too, so a 10 kB path segment is refused outright.
  if (value.length > TOKEN_CODE_MAX) return 'invalid';
  if (value.length > SHORT_ID_MAX) return TOKEN_CODE.test(value) ? 'token' : 'invalid';
  return isValidShortId(value) ? 'slug' : 'invalid';
}
