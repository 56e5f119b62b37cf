import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import type { StdioOptions } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { httpAnswers, LOG_ROTATION, run, startManaged, waitUntil, type ManagedProcess } from './process.ts';
import { dataServices, REMOTE_NAMES, remoteVersion, root, type DataService, type Ports } from './settings.ts';

export interface StackOptions {
  ports: Ports;
  dataDir: string;
  /**
   * Print nothing (tests). Either way every process's output is in dataDir/logs/<name>.log; without
   * `quiet` (npm start) the console also gets one line per process once ready, and its warnings.
   */
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Restart a crashed process with backoff (default true); `stop()` never triggers a restart. */
  supervise?: boolean;
  /**
   * Serve the link service's test clock (LINK_TEST_CLOCK=1) to the `test` principal, whose key pair
   * is made under dataDir, and turn the billing test clock on (BILLING_TEST_CLOCK=on, which mounts
   * POST /api/dev/clock/advance): the stacks `npm test` and the suites start, never `npm start`.
   */
  testClock?: boolean;
}

export interface RunningStack {
  baseUrl: string;
  processes: Map<string, ManagedProcess>;
  manifestFile: string;
  defaults: Record<string, string>;
  /** Each service's GET /metrics (Prometheus). */
  metricsUrls: MetricsUrls;
  /** With `testClock`: the `test` principal's private key (PKCS#8 PEM), which alone may move the link service's clock. */
  testCallerKey?: string;
  stop(): Promise<void>;
}

export type MetricsUrls = Record<keyof typeof metricsPortNames, string>;

/** One process of the product: where it runs from, its own variables and when it counts as ready. */
export interface ProcessSpec {
  name: string;
  dir: string;
  env: Record<string, string>;
  /** Node options before dist/main.js (the services' tracing bootstrap). */
  nodeArgs?: string[];
  /**
   * Batch work that can wait (download counts, mail relays): run at a lower CPU priority so that
   * on one machine it does not take a core from the gateway's redirects (in Kubernetes each
   * service has its own CPU).
   */
  background?: boolean;
  ready(): Promise<boolean>;
}

const node = process.execPath;

/**
 * What `npm start` prints of a process's output (all of it is in <data>/logs/<name>.log): warnings
 * and errors (pino level 40 and up) and anything that is not a JSON log line, such as a crash's
 * stack trace or a configuration error.
 */
export function worthPrinting(line: string): boolean {
  const level = /^\{.*?"level":(\d+)/.exec(line);
  if (!level) return line.trim() !== '';
  return Number(level[1]) >= 40;
}

const metricsPortNames = {
  gateway: 'GATEWAY_METRICS_PORT',
  link: 'LINK_METRICS_PORT',
  notification: 'NOTIFICATION_METRICS_PORT',
  billing: 'BILLING_METRICS_PORT',
} as const satisfies Record<string, keyof Ports>;

/**
 * A service with its metrics server on its port of `ports`; a gRPC service counts as ready once
 * /metrics answers, which it starts after its gRPC server is bound and its database answered.
 */
function withMetrics(spec: ProcessSpec, ports: Ports): ProcessSpec {
  const name = metricsPortNames[spec.name as keyof typeof metricsPortNames];
  if (!name) return spec;
  const port = ports[name];
  const metricsAnswer = () => httpAnswers(`http://127.0.0.1:${port}/metrics`, (s) => s === 200);
  return {
    ...spec,
    env: { ...spec.env, [name]: String(port) },
    ready: spec.name === 'gateway' ? spec.ready : metricsAnswer,
  };
}

/** Where a process of `npm start` answers, for its one console line once ready. */
function describeProcess(name: string, ports: Ports, defaults: Record<string, string>): string {
  const metrics = (port: number) => `metrics http://127.0.0.1:${port}/metrics`;
  switch (name) {
    case 'identity':
      return `sign-in stand-in ${defaults.IDENTITY_ISSUER}`;
    case 'drive':
      return `Drive stand-in ${defaults.DRIVE_ROOT_URL}`;
    case 'mail':
      return `mail stand-in: SMTP 127.0.0.1:${ports.SMTP_PORT}, inbox ${defaults.MAIL_INBOX_URL}`;
    case 'stripe':
      return `Stripe stand-in http://localhost:${ports.STRIPE_PORT}`;
    case 'link':
      return `gRPC ${defaults.LINK_ADDR}, ${metrics(ports.LINK_METRICS_PORT)}`;
    case 'notification':
      return `gRPC ${defaults.NOTIFICATION_ADDR}, ${metrics(ports.NOTIFICATION_METRICS_PORT)}`;
    case 'billing':
      return `gRPC ${defaults.BILLING_ADDR}, ${metrics(ports.BILLING_METRICS_PORT)}`;
    case 'gateway':
      return `http://localhost:${ports.GATEWAY_PORT}, ${metrics(ports.GATEWAY_METRICS_PORT)}`;
    default:
      return '';
  }
}

/** Loaded before a Node service's modules; starts OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
const tracingPreload = ['--import', '@ferry/service-kit/tracing'];

/** nice +5: a quarter of a core's share against normal processes when they all want the CPU. */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 5);
  } catch {
    // not permitted here: run at normal priority
  }
}

/** Client secrets shared by the local identity provider and its clients, made once per data folder (never committed). */
function localSecrets(dataDir: string): { gatewayClientSecret: string; driveClientSecret: string } {
  const file = join(dataDir, 'local-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = {
    gatewayClientSecret: randomBytes(24).toString('base64url'),
    driveClientSecret: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * The Stripe stand-in's API key and webhook signing secret, kept beside the other local secrets
 * (made once per data folder, never committed).
 */
function localStripeKeys(dataDir: string): { stripeSecretKey: string; stripeWebhookSecret: string } {
  const file = join(dataDir, 'local-secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  if (stored.stripeSecretKey && stored.stripeWebhookSecret)
    return { stripeSecretKey: stored.stripeSecretKey, stripeWebhookSecret: stored.stripeWebhookSecret };
  const keys = {
    stripeSecretKey: `sk_test_${randomBytes(24).toString('hex')}`,
    stripeWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  };
  writeFileSync(file, JSON.stringify({ ...stored, ...keys }, null, 2), { mode: 0o600 });
  return keys;
}

interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

/**
 * Ed25519 key pairs of the gateway, the link service and the billing service, which sign the caller
 * assertions of their gRPC calls; made once per data folder (never committed), a missing pair added.
 */
function callerAssertionKeys(dataDir: string): { gateway: KeyPairPem; link: KeyPairPem; billing: KeyPairPem } {
  const file = join(dataDir, 'caller-assertion-keys.json');
  const stored: Partial<Record<'gateway' | 'link' | 'billing', KeyPairPem>> = existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : {};
  if (stored.gateway && stored.link && stored.billing) return stored as Required<typeof stored>;
  const pair = (): KeyPairPem =>
    generateKeyPairSync('ed25519', {
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
  const keys = { gateway: stored.gateway ?? pair(), link: stored.link ?? pair(), billing: stored.billing ?? pair() };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/**
 * The link service's key ring for refresh tokens at rest (TOKEN_ENCRYPTION_KEYS, `id:base64key`),
 * made once per data folder (never committed). TOKEN_ENCRYPTION_KEYS in the environment wins.
 */
function tokenEncryptionKeys(dataDir: string): string {
  const file = join(dataDir, 'token-encryption-keys.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const keys = `local1:${randomBytes(32).toString('base64')}`;
  writeFileSync(file, `${keys}\n`, { mode: 0o600 });
  return keys;
}

/** The gateway's HMAC key of the mails' one-click "+1 day" (ACTION_SIGNING_KEY), made once per data folder; the environment wins. */
function actionSigningKey(dataDir: string): string {
  const file = join(dataDir, 'action-signing-key.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * The key pair of the `test` principal, the only caller of the link service's test clock; made once
 * per data folder (never committed) and used only by stacks started with `testClock`.
 */
function testCallerKeyPair(dataDir: string): KeyPairPem {
  const file = join(dataDir, 'test-caller-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as KeyPairPem;
  const pair = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(file, JSON.stringify(pair, null, 2), { mode: 0o600 });
  return pair;
}

/** Each process's keys: its own private key if it signs, the public keys of the callers it accepts. */
function callerAssertionEnv(
  name: DataService | 'gateway',
  keys: ReturnType<typeof callerAssertionKeys>,
): Record<string, string> {
  const gatewayPublic = { GATEWAY_ASSERTION_PUBLIC_KEY: keys.gateway.publicKey };
  switch (name) {
    case 'gateway':
      return { CALLER_ASSERTION_PRIVATE_KEY: keys.gateway.privateKey };
    case 'link':
      return { CALLER_ASSERTION_PRIVATE_KEY: keys.link.privateKey, ...gatewayPublic };
    case 'notification':
      return {
        ...gatewayPublic,
        LINK_ASSERTION_PUBLIC_KEY: keys.link.publicKey,
        BILLING_ASSERTION_PUBLIC_KEY: keys.billing.publicKey,
      };
    case 'billing':
      return {
        CALLER_ASSERTION_PRIVATE_KEY: keys.billing.privateKey,
        ...gatewayPublic,
        LINK_ASSERTION_PUBLIC_KEY: keys.link.publicKey,
      };
    default:
      return gatewayPublic;
  }
}

/**
 * Some other app the same people sign in to at the provider, with only the sign-in scopes: its
 * tokens are valid there and must read nothing at Ferry (tests/stack/foreign-token.test.ts).
 */
export const OTHER_APP_CLIENT = { clientId: 'other-app', redirectUri: 'http://localhost/other-app/callback' } as const;

/**
 * The identity provider's clients: the gateway (confidential), the browser (public, PKCE), the
 * command-line sender (device flow), the Drive stand-in (introspection) and another app.
 */
function identityClients(
  publicOrigin: string,
  shellDevOrigin: string,
  secrets: ReturnType<typeof localSecrets>,
): string {
  return JSON.stringify([
    {
      client_id: 'ferry-gateway',
      client_secret: secrets.gatewayClientSecret,
      redirect_uris: [`${publicOrigin}/api/auth/local/callback`],
      post_logout_redirect_uris: [`${publicOrigin}/`, `${shellDevOrigin}/`],
    },
    {
      client_id: 'ferry-web',
      token_endpoint_auth_method: 'none',
      redirect_uris: [`${publicOrigin}/auth/callback`, `${shellDevOrigin}/auth/callback`],
      post_logout_redirect_uris: [`${publicOrigin}/`, `${shellDevOrigin}/`],
    },
    {
      client_id: 'ferry-send',
      token_endpoint_auth_method: 'none',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
      response_types: [],
    },
    { client_id: 'ferry-drive', client_secret: secrets.driveClientSecret, redirect_uris: [] },
    {
      client_id: OTHER_APP_CLIENT.clientId,
      token_endpoint_auth_method: 'none',
      scope: 'openid email profile',
      redirect_uris: [OTHER_APP_CLIENT.redirectUri],
    },
  ]);
}

/**
 * Env values of the single-machine mode: embedded databases, no Redis, local stand-ins.
 * `testClock`: a test stack's (the billing test clock and POST /api/dev/clock/advance on).
 */
export function singleMachineDefaults(
  ports: Ports,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  testClock = false,
): Record<string, string> {
  const local = (port: number) => `http://localhost:${port}`;
  const defaults: Record<string, string> = {
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    LINK_ADDR: `127.0.0.1:${ports.LINK_PORT}`,
    NOTIFICATION_ADDR: `127.0.0.1:${ports.NOTIFICATION_PORT}`,
    BILLING_ADDR: `127.0.0.1:${ports.BILLING_PORT}`,
    GRPC_DEADLINE_MS: env.GRPC_DEADLINE_MS ?? '3000',
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? local(ports.GATEWAY_PORT),
    IDENTITY_ISSUER: env.IDENTITY_ISSUER ?? local(ports.IDENTITY_PORT),
    DRIVE_ROOT_URL: env.DRIVE_ROOT_URL ?? local(ports.DRIVE_PORT),
  };
  for (const service of dataServices) {
    const key = `${service.toUpperCase()}_DATABASE_URL`;
    defaults[key] = env[key] ?? `pglite://${join(dataDir, service, 'db')}`;
  }
  if (env.REDIS_URL) defaults.REDIS_URL = env.REDIS_URL;
  const secrets = localSecrets(dataDir);
  defaults.OIDC_PROVIDER = env.OIDC_PROVIDER ?? 'local';
  defaults.OIDC_ISSUER = env.OIDC_ISSUER ?? defaults.IDENTITY_ISSUER!;
  defaults.OIDC_CLIENT_ID = env.OIDC_CLIENT_ID ?? 'ferry-gateway';
  defaults.OIDC_CLIENT_SECRET = env.OIDC_CLIENT_SECRET ?? secrets.gatewayClientSecret;
  // The API also takes the browser client's and the command-line sender's tokens, and no other app's.
  defaults.OIDC_ACCEPTED_CLIENT_IDS = env.OIDC_ACCEPTED_CLIENT_IDS ?? 'ferry-web,ferry-send';
  defaults.IDENTITY_CLIENTS = identityClients(defaults.PUBLIC_ORIGIN!, local(ports.SHELL_DEV_PORT), secrets);
  defaults.DRIVE_CLIENT_SECRET = secrets.driveClientSecret;
  // Mail: the notification service sends over SMTP to the local stand-in (services/dev-mail).
  defaults.SMTP_URL = env.SMTP_URL ?? `smtp://127.0.0.1:${ports.SMTP_PORT}`;
  defaults.MAIL_FROM = env.MAIL_FROM ?? 'Ferry <no-reply@ferry.localhost>';
  defaults.MAIL_INBOX_URL = env.MAIL_INBOX_URL ?? local(ports.MAIL_INBOX_PORT);
  // Payments: billing talks to the Stripe stand-in (services/dev-stripe), which posts events to the gateway.
  const stripe = localStripeKeys(dataDir);
  defaults.STRIPE_API_URL = env.STRIPE_API_URL ?? `http://127.0.0.1:${ports.STRIPE_PORT}`;
  defaults.STRIPE_SECRET_KEY = env.STRIPE_SECRET_KEY ?? stripe.stripeSecretKey;
  defaults.STRIPE_WEBHOOK_SECRET = env.STRIPE_WEBHOOK_SECRET ?? stripe.stripeWebhookSecret;
  // Only a test stack moves accounts' clocks: in npm start any signed-in user could (whatever the shell says).
  defaults.BILLING_TEST_CLOCK = testClock ? 'on' : 'off';
  defaults.BILLING_PAYMENTS = env.BILLING_PAYMENTS ?? 'on';
  defaults.SHARE_MAX_RECIPIENTS = env.SHARE_MAX_RECIPIENTS ?? '50';
  defaults.SHARE_LIMIT_SENDER_PER_HOUR = env.SHARE_LIMIT_SENDER_PER_HOUR ?? '100';
  defaults.SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY = env.SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY ?? '3';
  // The feedback button's messages land in the mail stand-in's inbox.
  defaults.FEEDBACK_TO = env.FEEDBACK_TO ?? 'feedback@ferry.localhost';
  // Reports of files ("Report this file") land there too; the account page names it for appeals.
  defaults.ABUSE_TO = env.ABUSE_TO ?? 'abuse@ferry.localhost';
  // Who may use /admin: the local identity provider signs anyone in, so only this address is one.
  defaults.ADMIN_EMAILS = env.ADMIN_EMAILS ?? 'admin@ferry.localhost';
  return defaults;
}

/** Writes the remotes manifest the gateway serves; returns its path and the gateway's WEB_REMOTES mounts. */
export function writeRemotesManifest(dataDir: string): { manifestFile: string; mounts: string } {
  mkdirSync(join(dataDir, 'web'), { recursive: true });
  const manifestFile = join(dataDir, 'web', 'remotes.json');
  const { manifest, mounts } = remotesManifest();
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifestFile, mounts };
}

function remotesManifest(): { manifest: object; mounts: string } {
  const remotes: Record<string, { entry: string; version: string }> = {};
  const mounts: string[] = [];
  for (const name of REMOTE_NAMES) {
    const version = remoteVersion(name);
    remotes[name] = { entry: `/remotes/${name}/${version}/remoteEntry.js`, version };
    mounts.push(`${name}@${version}=${join(root, `mfe-${name}`, 'dist')}`);
  }
  return { manifest: { remotes }, mounts: mounts.join(',') };
}

/** Every process of the single-machine product, in start order (the stand-ins, the data services, the gateway). */
export function processSpecs(
  ports: Ports,
  dataDir: string,
  defaults: Record<string, string>,
  manifestFile: string,
  mounts: string,
  /** The `test` principal's public key: the link service serves its test clock to it. Absent = no test clock. */
  testCallerPublicKey?: string,
): ProcessSpec[] {
  const grpcReady = async () => true; // the gateway's /api/health is the readiness signal for gRPC services
  const keys = callerAssertionKeys(dataDir);
  const specs: ProcessSpec[] = [];
  const identityDir = join(root, 'services', 'dev-identity');
  if (existsSync(join(identityDir, 'dist', 'main.js'))) {
    specs.push({
      name: 'identity',
      dir: identityDir,
      env: {
        IDENTITY_PORT: String(ports.IDENTITY_PORT),
        IDENTITY_ISSUER: defaults.IDENTITY_ISSUER!,
        IDENTITY_DATA_DIR: join(dataDir, 'identity'),
        IDENTITY_CLIENTS: defaults.IDENTITY_CLIENTS!,
      },
      ready: () => httpAnswers(`${defaults.IDENTITY_ISSUER}/.well-known/openid-configuration`, (s) => s === 200),
    });
  }
  const driveDir = join(root, 'services', 'dev-drive');
  if (existsSync(join(driveDir, 'dist', 'main.js'))) {
    specs.push({
      name: 'drive',
      dir: driveDir,
      env: {
        DRIVE_PORT: String(ports.DRIVE_PORT),
        DRIVE_DATA_DIR: join(dataDir, 'drive'),
        DRIVE_INTROSPECTION_URL: `${defaults.IDENTITY_ISSUER}/token/introspection`,
        DRIVE_INTROSPECTION_CLIENT_ID: 'ferry-drive',
        DRIVE_INTROSPECTION_CLIENT_SECRET: defaults.DRIVE_CLIENT_SECRET!,
        // The browser app and the gateway are one Google Cloud project: they share drive.file access.
        DRIVE_CLIENT_APPS: JSON.stringify({ 'ferry-web': 'ferry', 'ferry-gateway': 'ferry' }),
        DRIVE_ADMIN_ENABLED: process.env.DRIVE_ADMIN_ENABLED ?? 'true', // fault injection for tests; local only
        // A free Google account's 15 GB, so the upload screen shows a real free-space line.
        DRIVE_QUOTA_BYTES: process.env.DRIVE_QUOTA_BYTES ?? String(15 * 1024 ** 3),
      },
      ready: () => httpAnswers(`${defaults.DRIVE_ROOT_URL}/drive/v3/about`),
    });
  }
  const mailDir = join(root, 'services', 'dev-mail');
  if (existsSync(join(mailDir, 'dist', 'main.js'))) {
    specs.push({
      name: 'mail',
      dir: mailDir,
      env: {
        SMTP_PORT: String(ports.SMTP_PORT),
        MAIL_INBOX_PORT: String(ports.MAIL_INBOX_PORT),
        MAIL_DATA_DIR: join(dataDir, 'mail'),
      },
      ready: () => httpAnswers(`http://127.0.0.1:${ports.MAIL_INBOX_PORT}/api/smtp`, (s) => s === 200),
      background: true,
    });
  }
  const stripeDir = join(root, 'services', 'dev-stripe');
  if (existsSync(join(stripeDir, 'dist', 'main.js'))) {
    specs.push({
      name: 'stripe',
      dir: stripeDir,
      env: {
        STRIPE_PORT: String(ports.STRIPE_PORT),
        STRIPE_PUBLIC_URL: `http://localhost:${ports.STRIPE_PORT}`,
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${ports.GATEWAY_PORT}/api/stripe/webhook`,
        STRIPE_DATA_FILE: join(dataDir, 'stripe', 'state.json'),
        // Receipts of paid invoices, as Stripe mails them, land in the mail stand-in's inbox.
        STRIPE_SMTP_URL: `smtp://127.0.0.1:${ports.SMTP_PORT}`,
      },
      ready: () => httpAnswers(`http://127.0.0.1:${ports.STRIPE_PORT}/healthz`, (s) => s === 200),
      background: true,
    });
  }
  for (const service of dataServices) {
    const prefix = service.toUpperCase();
    specs.push({
      name: service,
      dir: join(root, 'services', service),
      env: {
        [`${prefix}_PORT`]: String(ports[`${prefix}_PORT` as keyof Ports]),
        [`${prefix}_DATABASE_URL`]: defaults[`${prefix}_DATABASE_URL`]!,
        ...callerAssertionEnv(service, keys),
        ...(service === 'link'
          ? {
              TOKEN_ENCRYPTION_KEYS: process.env.TOKEN_ENCRYPTION_KEYS ?? tokenEncryptionKeys(dataDir),
              // Set either way, so a LINK_TEST_CLOCK in the caller's shell never turns it on for npm start.
              LINK_TEST_CLOCK: testCallerPublicKey ? '1' : '0',
              ...(testCallerPublicKey ? { TEST_CALLER_ASSERTION_PUBLIC_KEY: testCallerPublicKey } : {}),
            }
          : {}),
        // The first-download notice carries the gateway's signed "+1 day": the same key.
        ...(service === 'notification'
          ? { ACTION_SIGNING_KEY: process.env.ACTION_SIGNING_KEY ?? actionSigningKey(dataDir) }
          : {}),
      },
      nodeArgs: tracingPreload,
      ready: grpcReady,
      background: true,
    });
  }
  specs.push({
    name: 'gateway',
    dir: join(root, 'services', 'gateway'),
    nodeArgs: tracingPreload,
    env: {
      GATEWAY_PORT: String(ports.GATEWAY_PORT),
      ...callerAssertionEnv('gateway', keys),
      ACTION_SIGNING_KEY: process.env.ACTION_SIGNING_KEY ?? actionSigningKey(dataDir),
      WEB_SHELL_DIR: join(root, 'shell', 'dist'),
      WEB_REMOTES: mounts,
      WEB_REMOTES_MANIFEST: manifestFile,
      // The upload remote calls the Drive API from the browser: the pages' CSP must allow it.
      CSP_CONNECT_ORIGINS: new URL(defaults.DRIVE_ROOT_URL!).origin,
      // /api/d/{slug} redirects to the drive's public download URL (the stand-in serves /uc and /download).
      DRIVE_DOWNLOAD_ORIGIN: process.env.DRIVE_DOWNLOAD_ORIGIN ?? new URL(defaults.DRIVE_ROOT_URL!).origin,
      DRIVE_SCAN_THRESHOLD_BYTES: process.env.DRIVE_SCAN_THRESHOLD_BYTES ?? String(100 * 1024 * 1024),
      // Download counts wait here until the link service took them (unless REDIS_URL is set).
      DOWNLOAD_BUFFER_FILE: process.env.DOWNLOAD_BUFFER_FILE ?? join(dataDir, 'gateway', 'download-counts.jsonl'),
    },
    ready: () => httpAnswers(`http://127.0.0.1:${ports.GATEWAY_PORT}/api/livez`, (s) => s === 200),
  });
  return specs;
}

/**
 * Applies a data service's migrations to the database its <SERVICE>_DATABASE_URL in `env` names.
 * With `logFile` their output goes there, and to the console only when they fail.
 */
export async function migrate(service: DataService, env: NodeJS.ProcessEnv, logFile?: string): Promise<void> {
  const out = logFile === undefined ? undefined : openSync(logFile, 'w');
  const stdio: StdioOptions = out === undefined ? 'inherit' : ['ignore', out, out];
  const code = await run('npm', ['run', '--silent', 'migrate', '-w', `@ferry/${service}`], { cwd: root, env, stdio });
  if (out !== undefined) closeSync(out);
  if (code !== 0) {
    if (logFile !== undefined) process.stderr.write(readFileSync(logFile, 'utf8'));
    throw new Error(`migrations of ${service} failed (exit ${code})`);
  }
}

export interface LaunchOptions {
  /** Write the process's output to `<logDir>/<name>.log` (rotated: LOG_ROTATION) instead of the console. */
  logDir?: string;
  /** With `logDir`: the lines also printed to the console (`worthPrinting` for `npm start`). */
  echo?: (line: string) => boolean;
  /** Restart it with backoff once it was ready and then crashed (default true). */
  supervise?: boolean;
}

/**
 * Starts one process from its spec (`env` below the spec's own variables), lowers a background
 * process's priority (again after each restart), waits until it is ready and from then on supervises it.
 */
export async function launchProcess(
  spec: ProcessSpec,
  env: NodeJS.ProcessEnv,
  options: LaunchOptions = {},
): Promise<ManagedProcess> {
  const managed = startManaged(spec.name, node, [...(spec.nodeArgs ?? []), 'dist/main.js'], {
    cwd: spec.dir,
    env: { ...env, ...spec.env },
    logFile: options.logDir ? join(options.logDir, `${spec.name}.log`) : undefined,
    logRotation: LOG_ROTATION,
    echo: options.echo,
  });
  if (spec.background) {
    if (managed.child.pid) lowerPriority(managed.child.pid);
    managed.events.on('spawn', (child) => child.pid && lowerPriority(child.pid));
  }
  try {
    await waitUntil(`${spec.name} to be ready`, spec.ready, 60_000, () => managed.child.exitCode === null);
  } catch (error) {
    await managed.stop();
    throw error;
  }
  // Started fine: from now on a crash is answered with a restart (a failed start fails the stack instead).
  if (options.supervise !== false) managed.supervise();
  return managed;
}

/** Starts every backend process and the gateway (which serves the built front end) and waits until healthy. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { ports, dataDir } = options;
  const baseEnv = { ...process.env, ...options.env };
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const defaults = singleMachineDefaults(ports, dataDir, baseEnv, options.testClock === true);
  const { manifestFile, mounts } = writeRemotesManifest(dataDir);

  const env: NodeJS.ProcessEnv = { ...baseEnv, ...defaults };
  for (const service of dataServices) mkdirSync(join(dataDir, service), { recursive: true });
  await Promise.all(
    dataServices.map((service) => migrate(service, env, join(dataDir, 'logs', `migrate-${service}.log`))),
  );

  const testCaller = options.testClock ? testCallerKeyPair(dataDir) : undefined;
  const processes = new Map<string, ManagedProcess>();
  const stop = async () => {
    await Promise.all([...processes.values()].reverse().map((p) => p.stop()));
  };
  try {
    for (const spec of processSpecs(ports, dataDir, defaults, manifestFile, mounts, testCaller?.publicKey)) {
      const startedAt = Date.now();
      const launched = await launchProcess(withMetrics(spec, ports), env, {
        logDir: join(dataDir, 'logs'),
        echo: options.quiet ? undefined : worthPrinting,
        supervise: options.supervise,
      });
      processes.set(spec.name, launched);
      if (!options.quiet) {
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        console.log(`[ferry] ${spec.name} ready in ${seconds} s: ${describeProcess(spec.name, ports, defaults)}`);
      }
    }
    const baseUrl = `http://localhost:${ports.GATEWAY_PORT}`;
    await waitUntil(
      'every backend to be SERVING (/api/health)',
      () => httpAnswers(`${baseUrl}/api/health`, (s) => s === 200),
      60_000,
    );
    const metricsUrls = Object.fromEntries(
      Object.entries(metricsPortNames).map(([name, port]) => [name, `http://127.0.0.1:${ports[port]}/metrics`]),
    ) as MetricsUrls;
    return { baseUrl, processes, manifestFile, defaults, metricsUrls, testCallerKey: testCaller?.privateKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
