import { isAbsolute } from 'node:path';

/** Where a database URL points: a PostgreSQL server, or an in-process PGlite database. */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; key: string; dataDir: string | undefined };

/**
 * Accepted forms:
 * - `postgresql://…` / `postgres://…`: a PostgreSQL server;
 * - `pglite:///absolute/dir`: a persistent PGlite database in that folder (created if missing);
 * - `pglite:memory` (or `pglite:memory:<name>` for several in one process): an in-memory PGlite database.
 * The same pglite URL opened twice in one process yields the same database (see pglite-registry.ts).
 */
export function parseDatabaseUrl(databaseUrl: string): DatabaseTarget {
  const url = databaseUrl.trim();
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (/^pglite:memory(:[\w.-]+)?$/i.test(url)) return { kind: 'pglite', key: url, dataDir: undefined };
  if (/^pglite:\/\//i.test(url)) {
    const parsed = new URL(url);
    if (parsed.host !== '')
      throw new Error(`Bad PGlite URL "${url}": use pglite:///absolute/dir (three slashes, no host)`);
    const dataDir = decodeURIComponent(parsed.pathname).replace(/\/+$/, '');
    if (!isAbsolute(dataDir) || dataDir === '')
      throw new Error(`Bad PGlite URL "${url}": the folder must be an absolute path`);
    return { kind: 'pglite', key: `pglite://${dataDir}`, dataDir };
  }
  throw new Error(
    `Unsupported database URL "${redact(url)}": expected postgresql://…, pglite:///absolute/dir or pglite:memory`,
  );
}

/** The URL without its password, for messages and logs. */
export function redact(databaseUrl: string): string {
  return databaseUrl.replace(/^([a-z]+:\/\/[^:/@]+:)[^@]*@/i, '$1***@');
}
