import { isAbsolute } from 'node:path';
import { env, parseEnv } from '@ferry/service-kit';
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const configSchema = z
  .object({
    /** HTTP listen port (4300 on one machine). */
    STRIPE_PORT: env.port(),
    /** Interface to listen on; default loopback (this is a development tool). */
    STRIPE_HOST: optional(env.bindHost()),
    /** The one secret key the API accepts (`Authorization: Bearer sk_test_…`). */
    STRIPE_SECRET_KEY: z.string().regex(/^sk_test_\w{8,}$/, 'expected sk_test_ followed by at least 8 characters'),
    /** Where every event is posted (the gateway's /api/stripe/webhook); unset = only endpoints made through the API. */
    STRIPE_WEBHOOK_URL: optional(z.url()),
    /** Signing secret of STRIPE_WEBHOOK_URL (whsec_…); required with it. */
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w{8,}$/, 'expected whsec_ followed by at least 8 characters'),
    ),
    /** Its own URL as browsers reach it, used in the hosted pages' URLs (default http://localhost:<port>). */
    STRIPE_PUBLIC_URL: optional(z.url()),
    /** Absolute path of the JSON file its state is saved to and loaded from; unset = memory only. */
    STRIPE_DATA_FILE: optional(z.string().refine((p) => isAbsolute(p), 'must be an absolute path')),
    /** First webhook retry delay in ms; it doubles per attempt up to STRIPE_WEBHOOK_RETRY_MAX_MS. */
    /** SMTP server the receipts of paid invoices are mailed through (the mail stand-in); unset = no mail. */
    STRIPE_SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    STRIPE_WEBHOOK_RETRY_BASE_MS: optional(env.millis()),
    STRIPE_WEBHOOK_RETRY_MAX_MS: optional(env.millis()),
    LOG_LEVEL: optional(env.logLevel()),
  })
  .refine((c) => !c.STRIPE_WEBHOOK_URL || c.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required when STRIPE_WEBHOOK_URL is set',
  });

export type StripeStandInConfig = z.infer<typeof configSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): StripeStandInConfig {
  return parseEnv(configSchema, source);
}
