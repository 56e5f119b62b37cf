import { checkGrpcTlsEnv, env, grpcTlsEnv, parseEnv, tracingEnv } from '@ferry/service-kit';
import { isMailAddress } from '@ferry/rules';
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const count = () => z.coerce.number().int().min(1).max(100_000);

export const configSchema = z
  .object({
    /** gRPC listen port (50052 on one machine, 0 in tests). */
    NOTIFICATION_PORT: env.port(),
    /** Interface the gRPC server binds: 127.0.0.1 on one machine (default), 0.0.0.0 in a container. */
    NOTIFICATION_HOST: env.bindHost().default('127.0.0.1'),
    /** The gateway's Ed25519 public key (SPKI PEM): share calls must carry an assertion it signed. */
    GATEWAY_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
    /** The link service's Ed25519 public key (SPKI PEM): first-download events must carry an assertion it signed. */
    LINK_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
    /** The billing service's Ed25519 public key (SPKI PEM): trial reminders must carry an assertion it signed. */
    BILLING_ASSERTION_PUBLIC_KEY: env.ed25519PublicKey(),
    /** postgresql://… or pglite:///abs/dir / pglite:memory */
    NOTIFICATION_DATABASE_URL: env.databaseUrl(),
    /** smtp://[user:pass@]host:port (STARTTLS when offered) or smtps://… (TLS from the start). */
    SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://host:port or smtps://host:port'),
    /** The From header of every mail, e.g. `Ferry <no-reply@ferry.example.com>`. */
    MAIL_FROM: z
      .string()
      .min(3)
      .refine((v) => !/[\r\n]/.test(v) && /@/.test(v), 'must be one line with an address'),
    /** https://ferry.example.com — links in mails point here; share download URLs must be on it. */
    PUBLIC_ORIGIN: z.url().transform((u) => new URL(u).origin),
    /** Most recipients in one share request. */
    SHARE_MAX_RECIPIENTS: count(),
    /** Abuse limit: receiver mails one sender may queue per rolling hour. */
    SHARE_LIMIT_SENDER_PER_HOUR: count(),
    /** Abuse limit: receiver mails of one link to one recipient per rolling 24 hours. */
    SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY: count(),
    /** Relay tuning (optional): first retry delay, its cap, the idle poll period and the SMTP timeout. */
    MAIL_RETRY_BASE_MS: optional(env.millis().min(1)),
    MAIL_RETRY_MAX_MS: optional(env.millis().min(1)),
    MAIL_RELAY_INTERVAL_MS: optional(env.millis().min(10)),
    MAIL_SEND_TIMEOUT_MS: optional(env.millis().min(100)),
    /** The team's address for visitors' feedback (the feedback button); unset = feedback is refused. */
    FEEDBACK_TO: optional(z.string().trim().toLowerCase().refine(isMailAddress, 'must be one plain e-mail address')),
    /** The abuse address: visitors' reports of a file are mailed there (the report dialog); unset = reports are not mailed. */
    ABUSE_TO: optional(z.string().trim().toLowerCase().refine(isMailAddress, 'must be one plain e-mail address')),
    /** The gateway's HMAC key of the one-click "+1 day" (same value): the first-download notice carries the button. Unset = no button. */
    ACTION_SIGNING_KEY: optional(env.hmacKey()),
    LOG_LEVEL: optional(env.logLevel()),
    /** Port of GET /metrics (Prometheus) on NOTIFICATION_HOST; unset = no metrics server. */
    NOTIFICATION_METRICS_PORT: optional(env.port()),
    /** Mutual TLS of its server (GRPC_TLS_*); plaintext when unset, refused when NODE_ENV=production. */
    ...grpcTlsEnv,
    /** OpenTelemetry traces by OTLP/HTTP (OTEL_*); off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
    ...tracingEnv,
  })
  .superRefine(checkGrpcTlsEnv);

export type NotificationConfig = z.infer<typeof configSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): NotificationConfig {
  return parseEnv(configSchema, source);
}
