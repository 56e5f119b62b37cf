/** Spec §5: 8-16 characters is a slug, over 16 a token code; both from a URL-safe set. */
const SLUG = /^[A-Za-z0-9_-]{8,16}$/;
const TOKEN_CODE = /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]{16,2047}$/;
/** Drive file ids are opaque URL-safe strings; a URL or path can never pass. */
const DRIVE_FILE_ID = /^[A-Za-z0-9_-]{10,128}$/;

export function isSlug(value: string): boolean {
  return SLUG.test(value);
}

/** A slug or a token code; refuses `..`, `/`, `%`, unicode, `uc` and anything longer than 2 kB. */
export function isLinkCode(value: string): boolean {
  if (value.length > 2048) return false;
  return SLUG.test(value) || (TOKEN_CODE.test(value) && !value.includes('..'));
}

export function isDriveFileId(value: string): boolean {
  return DRIVE_FILE_ID.test(value);
}
