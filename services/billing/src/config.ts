import { env, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** gRPC listen port (50053 on one machine, 0 in tests). */
  BILLING_PORT: env.port(),
  /** postgresql://… or pglite:///abs/dir / pglite:memory */
  BILLING_DATABASE_URL: env.databaseUrl(),
  LOG_LEVEL: env.logLevel().optional(),
});

export type BillingConfig = z.infer<typeof configSchema>;

export function readConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  return loadConfig(configSchema, source);
}
