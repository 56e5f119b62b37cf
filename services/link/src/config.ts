import { checkGrpcTlsEnv, env, grpcTlsEnv, parseEnv, tracingEnv } from '@ferry/service-kit';
import { DAY_MS, DEFAULT_VALIDITY_DAYS } from '@ferry/rules';
import { z } from 'zod';
import { KeyRing } from './grants/key-ring.js';

/** Spec §4: a new link lives 7 days. */
export const DEFAULT_LINK_LIFETIME_S = (DEFAULT_VALIDITY_DAYS * DAY_MS) / 1000;
export const DEFAULT_SWEEP_INTERVAL_S = 15;

export const configSchema = z
  .object({
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
    /** Billing service, which cancels and erases an account's subscription when the account is deleted. */
    BILLING_ADDR: env.grpcAddress(),
    /** Shared invalidation channel between link replicas; absent means in-process only. */
    REDIS_URL: env.redisUrl().optional(),
    LOG_LEVEL: env.logLevel().optional(),
    /** Port of GET /metrics (Prometheus) on LINK_HOST; unset = no metrics server. */
    LINK_METRICS_PORT: env.port().optional(),
    /** Mutual TLS of its server and its client to notification (GRPC_TLS_*); plaintext when unset, refused when NODE_ENV=production. */
    ...grpcTlsEnv,
    /** OpenTelemetry traces by OTLP/HTTP (OTEL_*); off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
    ...tracingEnv,
    /** The longest a new link lives, in seconds, whatever the sender chose (absent: the sender's choice, 7 days by default); short in single-machine mode to watch the expiry path. */
    LINK_LIFETIME_S: z.coerce.number().int().min(60).max(DEFAULT_LINK_LIFETIME_S).optional(),
    /** How often the expiry sweeper looks for expired links, in seconds (absent: 15; at most 30, so a file is gone within 60 s of expiry). */
    LINK_SWEEP_INTERVAL_S: z.coerce.number().int().min(1).max(30).optional(),
    /** Ed25519 private key (PKCS#8 PEM) that signs the link service's own caller assertions (to notification). */
    CALLER_ASSERTION_PRIVATE_KEY: env.ed25519PrivateKey(),
    /** The gateway's Ed25519 public key (SPKI PEM): every call must carry an assertion it signed. */
    GATEWAY_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
    /**
     * Keys that encrypt stored refresh tokens (AES-256-GCM): `id:base64key,...`, 32-byte keys. The
     * first encrypts, every one decrypts; rotate by adding a new key in front.
     */
    TOKEN_ENCRYPTION_KEYS: z.string().transform((text, ctx) => {
      try {
        return KeyRing.parse(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
    /** The identity provider (the gateway's sign-in client), whose token endpoint refreshes stored grants. */
    OIDC_ISSUER: z.url(),
    OIDC_CLIENT_ID: z.string().min(1),
    OIDC_CLIENT_SECRET: z.string().min(8),
    /**
     * `1`: the test clock (LinkTestClockService.SetClockOffset) is served to the `test` principal, so
     * a test can record downloads on chosen days. Test stacks only; absent or `0` = off, refused with
     * NODE_ENV=production (read through grpcTlsEnv).
     */
    LINK_TEST_CLOCK: z.enum(['0', '1']).optional(),
    /** With LINK_TEST_CLOCK=1: the test suite's Ed25519 public key (SPKI PEM), the only caller of the test clock. */
    TEST_CALLER_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey().optional(),
  })
  .superRefine((c, ctx) => {
    checkGrpcTlsEnv(c, ctx);
    if (c.LINK_TEST_CLOCK !== '1') return;
    if (c.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['LINK_TEST_CLOCK'],
        message: 'must not be 1 in production (NODE_ENV=production)',
      });
    if (!c.TEST_CALLER_ASSERTION_PUBLIC_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CALLER_ASSERTION_PUBLIC_KEY'],
        message: 'required when LINK_TEST_CLOCK=1',
      });
  });

export type LinkConfig = z.infer<typeof configSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): LinkConfig {
  return parseEnv(configSchema, source);
}
