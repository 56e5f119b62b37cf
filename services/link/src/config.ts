import { env, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** gRPC listen port (50051 on one machine, 0 in tests). */
  LINK_PORT: env.port(),
  /** Interface the gRPC server binds: 127.0.0.1 on one machine (default), 0.0.0.0 in a container. */
  LINK_HOST: env.bindHost().default('127.0.0.1'),
  /** postgresql://… or pglite:///abs/dir / pglite:memory */
  LINK_DATABASE_URL: env.databaseUrl(),
  /** Drive API root used to verify a file before it gets a link (https://www.googleapis.com or the stand-in). */
  DRIVE_ROOT_URL: z.url(),
  /** Notification service, which receives the first-download events of the outbox. */
  NOTIFICATION_ADDR: env.grpcAddress(),
  /** Shared invalidation channel between link replicas; absent means in-process only. */
  REDIS_URL: env.redisUrl().optional(),
  LOG_LEVEL: env.logLevel().optional(),
  /** Ed25519 private key (PKCS#8 PEM) that signs the link service's own caller assertions (to notification). */
  CALLER_ASSERTION_PRIVATE_KEY: env.ed25519PrivateKey(),
  /** The gateway's Ed25519 public key (SPKI PEM): every call must carry an assertion it signed. */
  GATEWAY_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
});

export type LinkConfig = z.infer<typeof configSchema>;

export function readConfig(source: NodeJS.ProcessEnv = process.env): LinkConfig {
  return loadConfig(configSchema, source);
}
