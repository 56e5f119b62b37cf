import { randomBytes } from 'node:crypto';
import pg from 'pg';

export { startPostgres, postgresBinDir, type RunningServer, type RestartableServer } from './postgres.js';
export { startRedis, type RedisOptions } from './redis.js';
export { freePort } from './free-port.js';
export { waitFor } from './wait-for.js';

/** The superuser URL of the test PostgreSQL server, provided by the runner or the global setup. */
export function testPostgresUrl(): string {
  const url = process.env.FERRY_TEST_PG_URL;
  if (!url) throw new Error('FERRY_TEST_PG_URL is not set: add "@ferry/testkit/global-setup" to vitest globalSetup');
  return url;
}

/** The URL of the test Redis server, provided by the runner or the global setup. */
export function testRedisUrl(): string {
  const url = process.env.FERRY_TEST_REDIS_URL;
  if (!url) throw new Error('FERRY_TEST_REDIS_URL is not set: add "@ferry/testkit/global-setup" to vitest globalSetup');
  return url;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty database on the test server; `drop()` removes it. */
export async function createTestDatabase(prefix = 'ferry_test'): Promise<TestDatabase> {
  const serverUrl = testPostgresUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
