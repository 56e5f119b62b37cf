/**
 * A return path after sign-in must stay on Ferry's origin: a path starting with a single `/`.
 * `//host`, `/\host` (browsers read `\` as `/`), absolute URLs, `javascript:` and control
 * characters are refused. The same rule lives in the shell (shell/src/auth/return-path.ts).
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//')) return undefined;
  if (raw.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  const base = 'http://ferry.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}`;
}
