/** Longest return path kept; a longer one is refused rather than cut. */
export const RETURN_PATH_MAX = 2048;

const ORIGIN = 'http://ferry.invalid';

/**
 * Spec §5: the path to return to after sign-in stays on Ferry's origin: a path starting with a
 * single `/`. `//host`, `/\host` (browsers read `\` as `/`), absolute URLs, `javascript:` and
 * control characters are refused (undefined), also when dot segments would resolve to `//host`.
 * The answer is the normalised path and query; a fragment is dropped.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return undefined;
  if (/\p{Cc}/u.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}`;
  // Dot segments can leave '//host' behind ('/a/..//evil.example'): a protocol-relative URL.
  return url.origin === ORIGIN && !path.startsWith('//') ? path : undefined;
}
