import { env, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** gRPC listen port (50052 on one machine, 0 in tests). */
  NOTIFICATION_PORT: env.port(),
  /** postgresql://… or pglite:///abs/dir / pglite:memory */
  NOTIFICATION_DATABASE_URL: env.databaseUrl(),
  LOG_LEVEL: env.logLevel().optional(),
});

export type NotificationConfig = z.infer<typeof configSchema>;

export function readConfig(source: NodeJS.ProcessEnv = process.env): NotificationConfig {
  return loadConfig(configSchema, source);
}
