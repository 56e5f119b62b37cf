import { env, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** gRPC listen port (50051 on one machine, 0 in tests). */
  LINK_PORT: env.port(),
  /** postgresql://… or pglite:///abs/dir / pglite:memory */
  LINK_DATABASE_URL: env.databaseUrl(),
  /** Drive API root used to verify a file before it gets a link (https://www.googleapis.com or the stand-in). */
  DRIVE_ROOT_URL: z.url(),
  /** Notification service, which receives the first-download events of the outbox. */
  NOTIFICATION_ADDR: env.grpcAddress(),
  /** Shared invalidation channel between link replicas; absent means in-process only. */
  REDIS_URL: env.redisUrl().optional(),
  LOG_LEVEL: env.logLevel().optional(),
});

export type LinkConfig = z.infer<typeof configSchema>;

export function readConfig(source: NodeJS.ProcessEnv = process.env): LinkConfig {
  return loadConfig(configSchema, source);
}
