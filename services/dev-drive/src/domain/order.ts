/** files.list `orderBy`: a comma list of keys, each optionally followed by ` desc`. */

export interface Sortable {
  id: string;
  name: string;
  isFolder: boolean;
  createdTime: number;
  modifiedTime: number;
  quotaBytesUsed: number;
  starred: boolean;
}

const KEYS: Record<string, (a: Sortable, b: Sortable) => number> = {
  createdTime: (a, b) => a.createdTime - b.createdTime,
  folder: (a, b) => Number(b.isFolder) - Number(a.isFolder),
  modifiedByMeTime: (a, b) => a.modifiedTime - b.modifiedTime,
  modifiedTime: (a, b) => a.modifiedTime - b.modifiedTime,
  recency: (a, b) => a.modifiedTime - b.modifiedTime,
  viewedByMeTime: (a, b) => a.modifiedTime - b.modifiedTime,
  sharedWithMeTime: () => 0,
  name: (a, b) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0,
  name_natural: (a, b) => a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }),
  quotaBytesUsed: (a, b) => a.quotaBytesUsed - b.quotaBytesUsed,
  starred: (a, b) => Number(b.starred) - Number(a.starred),
};

/** Default order when none is given: folders first, then by name (Google leaves it undocumented). */
export const DEFAULT_ORDER = 'folder,name';

export class OrderByError extends Error {}

export function parseOrderBy(orderBy: string): (a: Sortable, b: Sortable) => number {
  const parts = orderBy
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new OrderByError('empty orderBy');
  const comparators = parts.map((part) => {
    const m = /^([A-Za-z_]+)(?:\s+(asc|desc))?$/i.exec(part);
    const cmp = m ? KEYS[m[1]!] : undefined;
    if (!m || !cmp) throw new OrderByError(`Invalid orderBy ${part}`);
    return m[2]?.toLowerCase() === 'desc' ? (a: Sortable, b: Sortable) => cmp(b, a) : cmp;
  });
  return (a, b) => {
    for (const c of comparators) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
