import path from 'node:path';
import { env, parseEnv } from '@ferry/service-kit';
import { z } from 'zod';

export const configSchema = z.object({
  /** SMTP listen port (2525 on one machine). */
  SMTP_PORT: env.port(),
  /** Inbox page and JSON API port (4200 on one machine). */
  MAIL_INBOX_PORT: env.port(),
  /** Absolute folder where messages are stored. */
  MAIL_DATA_DIR: z.string().refine((p) => path.isAbsolute(p), 'must be an absolute path'),
  /** Interface to listen on; default loopback (this is a development tool). */
  MAIL_HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  LOG_LEVEL: z.preprocess((v) => (v === '' ? undefined : v), env.logLevel().optional()),
});

export type MailConfig = z.infer<typeof configSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): MailConfig {
  return parseEnv(configSchema, source);
}
