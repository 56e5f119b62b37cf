/**
 * Return path after sign-in (spec §5): a same-origin path only; `//host`, `/\host`, absolute URLs,
 * `javascript:` and control characters are refused. The gateway applies the same rule.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  const base = 'http://ferry.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  return url.origin === base ? `${url.pathname}${url.search}` : undefined;
}

/** The fallback return path: `/upload` plus the current query string. */
export function fallbackReturnPath(currentSearch: string): string {
  return `/upload${currentSearch && currentSearch !== '?' ? (currentSearch.startsWith('?') ? currentSearch : `?${currentSearch}`) : ''}`;
}

/** The first safe candidate, else the fallback. */
export function chooseReturnPath(candidates: readonly unknown[], currentSearch: string): string {
  for (const c of candidates) {
    const safe = safeReturnPath(c);
    if (safe) return safe;
  }
  return fallbackReturnPath(currentSearch);
}
