import { safeReturnPath } from '@ferry/rules';

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
