import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { parseDatabaseUrl } from './database-url.js';
import { openPGlite } from './pglite-registry.js';

/** Plain SQL access used by the migration tooling (no Prisma in the way). */
export interface SqlSession {
  /** Runs a script of one or more statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows as objects. */
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface SqlConnection extends SqlSession {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  /** Holds a session-wide lock against other migrators (PostgreSQL advisory lock; PGlite is one connection). */
  lock(): Promise<void>;
  unlock(): Promise<void>;
  close(): Promise<void>;
}

// The advisory lock id Prisma's own migrate commands take, so ferry-db and Prisma exclude each other.
const PRISMA_MIGRATE_LOCK_ID = 72707369;

export interface OpenOptions {
  /** Create the PostgreSQL database when it does not exist (as `prisma migrate deploy` does). */
  createDatabase?: boolean;
}

export async function openSqlConnection(databaseUrl: string, options: OpenOptions = {}): Promise<SqlConnection> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind === 'postgres') {
    try {
      return new PgConnection(await connectPg(target.url));
    } catch (error) {
      if (!options.createDatabase || (error as { code?: string }).code !== '3D000') throw error;
      await createPgDatabase(target.url);
      return new PgConnection(await connectPg(target.url));
    }
  }
  const db = openPGlite(target.key, target.dataDir);
  await db.waitReady;
  return new PGliteConnection(db);
}

async function connectPg(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** Creates the database a URL names, connecting to the server's `postgres` database to do so. */
async function createPgDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  parsed.pathname = '/postgres';
  const admin = await connectPg(parsed.toString());
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another migrator created it meanwhile.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
}

class PgConnection implements SqlConnection {
  readonly kind = 'postgres';
  constructor(private readonly client: pg.Client) {}

  async exec(sql: string): Promise<void> {
    await this.client.query(sql);
  }

  async query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.client.query<Row>(sql, params)).rows;
  }

  async transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
    await this.client.query('BEGIN');
    try {
      const result = await work(this);
      await this.client.query('COMMIT');
      return result;
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async lock(): Promise<void> {
    await this.client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_ID]);
  }

  async unlock(): Promise<void> {
    await this.client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_ID]);
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

class PGliteConnection implements SqlConnection {
  readonly kind = 'pglite';
  constructor(private readonly db: PGlite) {}

  exec(sql: string): Promise<void> {
    return pgliteExec(this.db, sql);
  }

  query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return pgliteQuery(this.db, sql, params);
  }

  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
    // PGlite's transaction() also holds its mutex, so other users of the same instance wait.
    return this.db.transaction((tx) =>
      work({ exec: (sql) => pgliteExec(tx, sql), query: (sql, params = []) => pgliteQuery(tx, sql, params) }),
    );
  }

  async lock(): Promise<void> {}
  async unlock(): Promise<void> {}
  // The instance belongs to the process-wide registry (the service may be using it): not closed here.
  async close(): Promise<void> {}
}

async function pgliteExec(db: PGlite | Transaction, sql: string): Promise<void> {
  await db.exec(sql);
}

async function pgliteQuery<Row>(db: PGlite | Transaction, sql: string, params: unknown[]): Promise<Row[]> {
  return (await db.query<Row>(sql, params)).rows;
}
