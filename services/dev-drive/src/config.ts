import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  DRIVE_PORT: z.coerce.number().int().min(0).max(65535),
  /** Interface to listen on; default loopback (a development tool, with fault injection). A container sets 0.0.0.0. */
  DRIVE_HOST: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
  DRIVE_DATA_DIR: z.string().min(1),
  DRIVE_INTROSPECTION_URL: z.url(),
  DRIVE_INTROSPECTION_CLIENT_ID: z.string().min(1),
  DRIVE_INTROSPECTION_CLIENT_SECRET: z.string().min(1),
  DRIVE_CLIENT_APPS: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        const parsed = z.record(z.string(), z.string()).parse(JSON.parse(v));
        return parsed;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object mapping client ids to app ids' });
        return z.NEVER;
      }
    }),
  DRIVE_INTROSPECTION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** 0 or empty = unlimited. */
  DRIVE_QUOTA_BYTES: z.coerce.number().int().min(0).default(0),
  DRIVE_SCAN_THRESHOLD_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(100 * 1024 * 1024),
  DRIVE_ADMIN_ENABLED: bool.default(false),
  DRIVE_PUBLIC_URL: z.url().optional(),
  DRIVE_RESUMABLE_CREATE_STATUS: z
    .enum(['200', '201'])
    .default('200')
    .transform((v) => Number(v) as 200 | 201),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type DriveEnv = z.infer<typeof EnvSchema>;

/** Parses the environment once; exits naming every missing or bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DriveEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    process.stderr.write(`dev-drive: invalid environment\n${lines.join('\n')}\n`);
    process.exit(1);
  }
  return parsed.data;
}
