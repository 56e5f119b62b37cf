import path from 'node:path';
import { checkGrpcTlsEnv, env, grpcTlsEnv, parseEnv, tracingEnv } from '@ferry/service-kit';
import { z } from 'zod';
import { isMailAddress } from '@ferry/rules';
import { parseTrustedProxy } from './http/client-address.js';
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

/** Comma list of origins (`https://cdn.example.com`); each must be a bare origin. */
/** `upload=http://mfe-upload,download=http://mfe-download,…`: each remote's web server, by name. */
function parseRemoteUrls(value: string, ctx: z.RefinementCtx): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const at = item.indexOf('=');
    const name = item.slice(0, at);
    const url = item.slice(at + 1);
    if (at <= 0 || !/^[a-z][a-z0-9-]*$/.test(name) || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not name=http(s)://host` });
      continue;
    }
    urls[name] = url;
  }
  return urls;
}

function parseOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
      continue;
    }
    origins.push(url.origin);
  }
  return origins;
}

/** Comma list of OAuth client ids (no spaces or commas inside one). */
function parseClientIds(value: string, ctx: z.RefinementCtx): string[] {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  for (const id of ids)
    if (!/^[\x21-\x7e]+$/.test(id)) ctx.addIssue({ code: 'custom', message: `"${id}" is not an OAuth client id` });
  return ids;
}

/** Comma list of trusted proxy addresses or CIDR ranges (IPv4 and IPv6). */
function parseTrustedProxies(value: string, ctx: z.RefinementCtx): string[] {
  const ranges: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    try {
      ranges.push(parseTrustedProxy(item));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }
  return ranges;
}

/**
 * The gateway's environment. Directories are only checked to be absolute here: a build may
 * appear after the gateway starts (main.ts warns about missing ones), and files are looked up
 * per request anyway.
 */
/** The gateway's variables, each on its own (tests pick from these); the schema adds the checks across them. */
export const gatewayConfigFields = z.object({
  GATEWAY_PORT: env.port(),
  LINK_ADDR: env.grpcAddress(),
  NOTIFICATION_ADDR: env.grpcAddress(),
  BILLING_ADDR: env.grpcAddress(),
  /** Ed25519 private key (PKCS#8 PEM) signing the caller assertions every backend call carries; only the gateway holds it. */
  CALLER_ASSERTION_PRIVATE_KEY: env.ed25519PrivateKey(),
  GRPC_DEADLINE_MS: env.millis().min(1).max(120_000),
  REDIS_URL: optional(env.redisUrl()),
  /** Proxies whose X-Forwarded-For is believed (the ingress controller's pods). Absent = none: the socket peer is the client. */
  TRUSTED_PROXIES: optional(z.string().transform(parseTrustedProxies)),
  WEB_SHELL_DIR: optional(absolutePath),
  WEB_REMOTES: optional(z.string().transform(parseWebRemotes)),
  WEB_REMOTES_MANIFEST: optional(absolutePath),
  /** Kubernetes: the shell's web server the pages are written from, when there is no WEB_SHELL_DIR (e.g. http://shell). */
  WEB_SHELL_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Kubernetes: each remote's web server, `name=url` comma list (e.g. marketing=http://mfe-marketing). */
  WEB_REMOTE_URLS: optional(z.string().transform(parseRemoteUrls)),
  LOG_LEVEL: optional(env.logLevel()),
  /** `1`: request lines on, a line per request (the hot path /api/d, /d, /{slug} as ACCESS_LOG_SAMPLE says); unset or `0`: no request gets a line but a 5xx answer. */
  LOG_REQUESTS: optional(z.enum(['0', '1'])),
  /** Share (0-1) of the hot path's requests (/api/d, /d, /{slug}) logged when LOG_REQUESTS=1 (default 1); ignored without it; 5xx answers always are. */
  ACCESS_LOG_SAMPLE: optional(z.coerce.number().min(0).max(1)),
  /** Port of GET /metrics (Prometheus), apart from the public port; unset = no metrics server. */
  GATEWAY_METRICS_PORT: optional(env.port()),
  /** Interface of the metrics port: 127.0.0.1, this machine only, unless a container says 0.0.0.0 (Prometheus scrapes the pod). */
  GATEWAY_METRICS_HOST: env.bindHost().default('127.0.0.1'),
  /** Mutual TLS to the backends (GRPC_TLS_*); plaintext when unset, refused when NODE_ENV=production. */
  ...grpcTlsEnv,
  /** OpenTelemetry traces by OTLP/HTTP (OTEL_*); off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  ...tracingEnv,
  // Sign-in. The same code talks to Google in production and to dev-identity locally.
  PUBLIC_ORIGIN: z.url().transform((u, ctx) => {
    const url = new URL(u);
    if (url.pathname !== '/' || url.search || url.hash)
      ctx.addIssue({ code: 'custom', message: 'must be an origin like https://ferry.example.com' });
    return url.origin;
  }),
  OIDC_PROVIDER: z.enum(['google', 'local']),
  OIDC_ISSUER: z.url(),
  OIDC_CLIENT_ID: z.string().min(1),
  OIDC_CLIENT_SECRET: z.string().min(8),
  /** Ferry's other OAuth clients whose access tokens the API accepts besides OIDC_CLIENT_ID's (the command-line sender's): comma list; unset = OIDC_CLIENT_ID's only. */
  OIDC_ACCEPTED_CLIENT_IDS: optional(z.string().transform(parseClientIds)),
  CSP_SCRIPT_ORIGINS: optional(z.string().transform(parseOrigins)),
  // Public downloads: redirect targets are built on these origins only.
  /** Origin of the drive's public download links (`/uc?id=…`): https://drive.google.com, or the stand-in. Absent = /api/d answers 503. */
  DRIVE_DOWNLOAD_ORIGIN: optional(z.url().transform((u) => new URL(u).origin)),
  /** Origin of the direct download behind Drive's virus-scan page (https://drive.usercontent.google.com); absent = DRIVE_DOWNLOAD_ORIGIN. */
  DRIVE_DIRECT_DOWNLOAD_ORIGIN: optional(z.url().transform((u) => new URL(u).origin)),
  /** Files above this size are sent to the direct URL (Drive's scan page starts at ~100 MiB). */
  DRIVE_SCAN_THRESHOLD_BYTES: optional(z.coerce.number().int().min(0)),
  /** Append-only file where download counts wait until the link service took them, when REDIS_URL is unset (single machine: under .data/). */
  DOWNLOAD_BUFFER_FILE: optional(absolutePath),
  CSP_CONNECT_ORIGINS: optional(z.string().transform(parseOrigins)),
  // Uploads: the browser talks to the Drive API directly; GET /api/config tells it where.
  /** Drive API root for the browser: https://www.googleapis.com, or the stand-in. Default Google's. */
  DRIVE_ROOT_URL: optional(z.url().transform((u) => new URL(u).origin)),
  /** Multi-file sets of this many bytes or more upload as a folder (default 1 GiB, spec §9). */
  UPLOAD_FOLDER_THRESHOLD_BYTES: optional(z.coerce.number().int().min(1)),
  // Page views (privacy-first): the browser posts to /api/event, the gateway forwards without the visitor's address.
  /** A Plausible-compatible collector's event API (https://plausible.example.com/api/event); unset = page views are not counted. */
  ANALYTICS_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  /** The site's name at the collector; default PUBLIC_ORIGIN's host name. */
  ANALYTICS_DOMAIN: optional(z.string().regex(/^[a-z0-9.-]{1,253}$/i, 'must be a domain name like ferry.example.com')),
  /** The administrators: comma list of e-mail addresses whose verified sign-in opens /api/admin/*; unset = nobody. */
  ADMIN_EMAILS: optional(z.string()),
  /** The abuse address (the notification service mails reports there): named to a suspended account for appeals. */
  ABUSE_TO: optional(z.string().trim().toLowerCase().refine(isMailAddress, 'must be one plain e-mail address')),
  // The feedback button's abuse limits (messages per rolling hour).
  FEEDBACK_LIMIT_PER_CLIENT_PER_HOUR: optional(z.coerce.number().int().min(1).max(10_000)),
  FEEDBACK_LIMIT_GLOBAL_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)),
  /** Links handed out on the sender's own subdomain (`https://{sender}.{root}/{slug}`): on/off; unset = on when PUBLIC_ORIGIN's host can have subdomains (a DNS name or localhost, not an IP). */
  SUBDOMAIN_LINKS: optional(z.enum(['on', 'off'])),
  /** `on`: POST /api/dev/clock/advance is mounted (test and single-machine mode; billing needs its own BILLING_TEST_CLOCK=on too). Never in production. */
  BILLING_TEST_CLOCK: optional(z.enum(['on', 'off'])),
  /** Base64 key (at least 32 bytes) of the HMAC that signs the mails' one-click "+1 day"; unset = "ask for more time" is off. */
  ACTION_SIGNING_KEY: optional(env.hmacKey()),
});

export const gatewayConfigSchema = gatewayConfigFields.superRefine(checkGrpcTlsEnv);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Every OAuth client whose access tokens the API accepts: the web app's (OIDC_CLIENT_ID) and OIDC_ACCEPTED_CLIENT_IDS. */
export function acceptedClientIds(
  config: Pick<GatewayConfig, 'OIDC_CLIENT_ID' | 'OIDC_ACCEPTED_CLIENT_IDS'>,
): string[] {
  return [...new Set([config.OIDC_CLIENT_ID, ...(config.OIDC_ACCEPTED_CLIENT_IDS ?? [])])];
}

/** Parses the gateway's environment once; throws the kit's ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return parseEnv(gatewayConfigSchema, source);
}
