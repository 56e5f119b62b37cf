import { startPostgres, type RunningServer } from './postgres.js';
import { startRedis } from './redis.js';

/**
 * Vitest globalSetup: uses FERRY_TEST_PG_URL / FERRY_TEST_REDIS_URL when the runner provides them,
 * otherwise starts private throw-away servers for this test run and stops them afterwards.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const started: RunningServer[] = [];
  if (!process.env.FERRY_TEST_PG_URL) {
    const postgres = await startPostgres();
    started.push(postgres);
    process.env.FERRY_TEST_PG_URL = postgres.url;
  }
  if (!process.env.FERRY_TEST_REDIS_URL) {
    const redis = await startRedis();
    started.push(redis);
    process.env.FERRY_TEST_REDIS_URL = redis.url;
  }
  return async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
}
