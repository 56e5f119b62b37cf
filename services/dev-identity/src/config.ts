import { z } from 'zod';

const EnvSchema = z.object({
  IDENTITY_PORT: z.coerce.number().int().min(0).max(65535),
  /** Interface to listen on; default loopback (a development tool). A container sets 0.0.0.0. */
  IDENTITY_HOST: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
  IDENTITY_ISSUER: z.url(),
  IDENTITY_DATA_DIR: z.string().min(1),
  IDENTITY_CLIENTS: z.string().min(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type IdentityEnv = z.infer<typeof EnvSchema>;

/** Parses the process environment once; exits naming every missing or bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdentityEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    process.stderr.write(`dev-identity: invalid environment\n${lines.join('\n')}\n`);
    process.exit(1);
  }
  return parsed.data;
}
