import { checkGrpcTlsEnv, env, grpcTlsEnv, parseEnv, tracingEnv } from '@ferry/service-kit';
import { z } from 'zod';

const onOff = () => z.enum(['on', 'off']);

export const configSchema = z
  .object({
    /** gRPC listen port (50053 on one machine, 0 in tests). */
    BILLING_PORT: env.port(),
    /** Interface the gRPC server binds: 127.0.0.1 on one machine (default), 0.0.0.0 in a container. */
    BILLING_HOST: env.bindHost().default('127.0.0.1'),
    /** The gateway's Ed25519 public key (SPKI PEM): every call must carry an assertion it signed. */
    GATEWAY_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
    /** The link service's Ed25519 public key (SPKI PEM): it erases an account's billing data when the account is deleted. */
    LINK_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
    /** postgresql://… or pglite:///abs/dir / pglite:memory */
    BILLING_DATABASE_URL: env.databaseUrl(),
    LOG_LEVEL: env.logLevel().optional(),
    /** Port of GET /metrics (Prometheus, the process metrics) on BILLING_HOST; unset = no metrics server. */
    BILLING_METRICS_PORT: env.port().optional(),
    /** Mutual TLS of its server and its client to notification (GRPC_TLS_*); plaintext when unset, refused when NODE_ENV=production. */
    ...grpcTlsEnv,
    /** OpenTelemetry traces by OTLP/HTTP (OTEL_*); off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
    ...tracingEnv,
    /** Ferry's public origin: reminder mails link to <origin>/account. */
    PUBLIC_ORIGIN: z.url().transform((u) => new URL(u).origin),
    /** Notification service, which mails the trial reminders. */
    NOTIFICATION_ADDR: env.grpcAddress(),
    /** Ed25519 private key (PKCS#8 PEM) that signs billing's own caller assertions (to notification). */
    CALLER_ASSERTION_PRIVATE_KEY: env.ed25519PrivateKey(),
    /** `on`: users can pay (plans, Checkout, portal); both Stripe secrets are then required. Default off. */
    BILLING_PAYMENTS: onOff().default('off'),
    /** Signing secret of the Stripe webhook endpoint (whsec_…); absent = webhooks answer "not configured". */
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /** Stripe API key (sk_…); absent = no payments, a cancel is recorded in Ferry only. */
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    /** Where the Stripe SDK sends its calls (http://127.0.0.1:4300 for the local stand-in); absent = Stripe itself. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** `on`: each account has a clock tests can move (AdvanceTestClock) and Stripe test clocks are used. Never in production. */
    BILLING_TEST_CLOCK: onOff().default('off'),
    /** `production` refuses BILLING_TEST_CLOCK=on. */
    NODE_ENV: z.string().optional(),
    /** How often the reminder loop looks for due trial reminders, in seconds (default 60). */
    BILLING_REMINDER_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .superRefine((c, ctx) => {
    checkGrpcTlsEnv(c, ctx);
    if (c.BILLING_PAYMENTS === 'on') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when BILLING_PAYMENTS=on' });
      }
    }
    if (c.BILLING_TEST_CLOCK === 'on' && (c.NODE_ENV === 'production' || c.STRIPE_SECRET_KEY?.startsWith('sk_live_'))) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_TEST_CLOCK'],
        message: 'must not be on in production (NODE_ENV=production or a live Stripe key)',
      });
    }
  });

export type BillingConfig = z.infer<typeof configSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  return parseEnv(configSchema, source);
}

/** The Stripe SDK's connection options for STRIPE_API_URL (host, port, protocol); none for Stripe itself. */
export function stripeConnection(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
