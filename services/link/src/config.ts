import { env, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** gRPC listen port (50051 on one machine, 0 in tests). */
  LINK_PORT: env.port(),
  /** postgresql://… or pglite:///abs/dir / pglite:memory */
  LINK_DATABASE_URL: env.databaseUrl(),
  /** Shared cache and invalidation channel; absent means in-process only. */
  REDIS_URL: env.redisUrl().optional(),
  LOG_LEVEL: env.logLevel().optional(),
});

export type LinkConfig = z.infer<typeof configSchema>;

export function readConfig(source: NodeJS.ProcessEnv = process.env): LinkConfig {
  return loadConfig(configSchema, source);
}
