import path from 'node:path';
import { env, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';
import type { RemoteMount } from './routes/remotes-web.js';

/** An unset optional variable may also arrive as an empty string from a shell or an env file. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const absolutePath = z.string().refine((p) => path.isAbsolute(p), 'must be an absolute path');

// name@version=/abs/dir — name and version become URL path segments, so a safe character set.
const REMOTE_ITEM = /^([A-Za-z0-9][A-Za-z0-9_-]*)@([A-Za-z0-9][A-Za-z0-9._-]*)=(.+)$/;

function parseWebRemotes(value: string, ctx: z.RefinementCtx): RemoteMount[] {
  const mounts: RemoteMount[] = [];
  const seen = new Set<string>();
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const m = REMOTE_ITEM.exec(item);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not name@version=/absolute/dir` });
      continue;
    }
    const [, name, version, dir] = m as unknown as [string, string, string, string];
    if (!path.isAbsolute(dir)) {
      ctx.addIssue({ code: 'custom', message: `"${item}": ${dir} is not an absolute path` });
      continue;
    }
    const key = `${name}@${version}`;
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', message: `"${key}" is listed twice` });
      continue;
    }
    seen.add(key);
    mounts.push({ name, version, dir: path.resolve(dir) });
  }
  return mounts;
}

/**
 * The gateway's environment. Directories are only checked to be absolute here: a build may
 * appear after the gateway starts (main.ts warns about missing ones), and files are looked up
 * per request anyway.
 */
export const gatewayConfigSchema = z.object({
  GATEWAY_PORT: env.port(),
  LINK_ADDR: env.grpcAddress(),
  NOTIFICATION_ADDR: env.grpcAddress(),
  BILLING_ADDR: env.grpcAddress(),
  GRPC_DEADLINE_MS: env.millis().min(1).max(120_000),
  REDIS_URL: optional(env.redisUrl()),
  WEB_SHELL_DIR: optional(absolutePath),
  WEB_REMOTES: optional(z.string().transform(parseWebRemotes)),
  WEB_REMOTES_MANIFEST: optional(absolutePath),
  LOG_LEVEL: optional(env.logLevel()),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Parses the gateway's environment once; throws the kit's ConfigError naming every bad variable. */
export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, source);
}
