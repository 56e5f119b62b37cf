import { env, parseEnv } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** gRPC listen port (50053 on one machine, 0 in tests). */
  BILLING_PORT: env.port(),
  /** Interface the gRPC server binds: 127.0.0.1 on one machine (default), 0.0.0.0 in a container. */
  BILLING_HOST: env.bindHost().default('127.0.0.1'),
  /** The gateway's Ed25519 public key (SPKI PEM): every call must carry an assertion it signed. */
  GATEWAY_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
  /** postgresql://… or pglite:///abs/dir / pglite:memory */
  BILLING_DATABASE_URL: env.databaseUrl(),
  LOG_LEVEL: env.logLevel().optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_…); absent = webhooks answer "not configured". */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Stripe API key (sk_…) for cancelling paid plans at Stripe; absent = cancel in Ferry only. */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
});

export type BillingConfig = z.infer<typeof configSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  return parseEnv(configSchema, source);
}
