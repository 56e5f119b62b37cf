/**
 * The services' REAL configuration loaders, imported from their compiled dist/config.js (the test
 * runner builds every workspace first), and the environment a container gets from its manifest.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './inventory.js';
import type { ConfigMap, Container } from './workload.js';

export interface ServiceConfig {
  /** Workload name = folder under services/. */
  name: string;
  /** Every variable the schema reads (required and optional). */
  variables(): Promise<string[]>;
  /** Problems the service would exit with at start, one line each, naming the variable ([] = starts). */
  validate(env: Record<string, string>): Promise<string[]>;
}

type Loader = (env: NodeJS.ProcessEnv) => unknown;

/** Every service exports loadConfig(env): most throw the kit's ConfigError, the identity and drive stand-ins exit. */
const loaders: Array<{ name: string; style: 'throws' | 'exits' }> = [
  { name: 'gateway', style: 'throws' },
  { name: 'link', style: 'throws' },
  { name: 'notification', style: 'throws' },
  { name: 'billing', style: 'throws' },
  { name: 'dev-identity', style: 'exits' },
  { name: 'dev-drive', style: 'exits' },
  { name: 'dev-mail', style: 'throws' },
];

export const configuredServices = loaders.map((l) => l.name);

async function importLoader(name: string): Promise<Loader> {
  const file = join(repoRoot, 'services', name, 'dist', 'config.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the workspaces first (npx turbo run build)`);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const loader = mod.loadConfig;
  if (typeof loader !== 'function') throw new Error(`services/${name}/dist/config.js exports no loadConfig()`);
  return loader as Loader;
}

/** Runs a loader; one that would exit the process throws instead, with what it wrote to stderr. */
function runLoader(loader: Loader, style: 'throws' | 'exits', env: NodeJS.ProcessEnv): string[] {
  if (style === 'throws') {
    try {
      loader(env);
      return [];
    } catch (err) {
      const problems = (err as { problems?: unknown }).problems;
      if (Array.isArray(problems)) return problems.map(String);
      throw err;
    }
  }
  const exit = process.exit;
  const write = process.stderr.write;
  let written = '';
  let exited = false;
  process.exit = ((code?: number) => {
    exited = true;
    throw new Error(`exit ${code}`);
  }) as typeof process.exit;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    loader(env);
  } catch (err) {
    if (!exited) throw err;
  } finally {
    process.exit = exit;
    process.stderr.write = write;
  }
  if (!exited) return [];
  return written
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The names a loader reads: a Proxy environment records every key the schema looks up. */
function readKeys(loader: Loader, style: 'throws' | 'exits'): string[] {
  const keys = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_t, key) {
      if (typeof key === 'string') keys.add(key);
      return undefined;
    },
  });
  runLoader(loader, style, env);
  return [...keys].filter((k) => /^[A-Z][A-Z0-9_]*$/.test(k));
}

export function serviceConfig(name: string): ServiceConfig {
  const spec = loaders.find((l) => l.name === name);
  if (!spec) throw new Error(`no config loader known for ${name}`);
  const loader = () => importLoader(spec.name);
  return {
    name,
    variables: async () => readKeys(await loader(), spec.style),
    validate: async (env) => runLoader(await loader(), spec.style, { ...env }),
  };
}

/**
 * Well-formed stand-ins for Secret values, per key: the test checks that the manifest provides the
 * key, and that a value of the expected form would be accepted. Not credentials.
 */
const secretPlaceholders: Record<string, string> = {
  LINK_DATABASE_URL: 'postgresql://placeholder@postgres:5432/link',
  NOTIFICATION_DATABASE_URL: 'postgresql://placeholder@postgres:5432/notification',
  BILLING_DATABASE_URL: 'postgresql://placeholder@postgres:5432/billing',
  REDIS_URL: 'redis://redis:6379',
  SMTP_URL: 'smtp://smtp.placeholder:587',
  IDENTITY_CLIENTS: '[]',
  // AES-256-GCM key ring: one 32-byte key (zeros), id "placeholder".
  TOKEN_ENCRYPTION_KEYS: `placeholder:${Buffer.alloc(32).toString('base64')}`,
  // The HMAC key of the mails' "+1 day": 32 bytes (zeros), base64.
  ACTION_SIGNING_KEY: Buffer.alloc(32).toString('base64'),
};
const genericSecretPlaceholder = 'placeholder-secret-value';

// Caller-assertion keys must be real Ed25519 PEMs to pass the schemas: a throw-away pair per run.
const assertionKeys = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
secretPlaceholders.CALLER_ASSERTION_PRIVATE_KEY = assertionKeys.privateKey;
secretPlaceholders.GATEWAY_ASSERTION_PUBLIC_KEY = assertionKeys.publicKey;
secretPlaceholders.LINK_ASSERTION_PUBLIC_KEY = assertionKeys.publicKey;
secretPlaceholders.BILLING_ASSERTION_PUBLIC_KEY = assertionKeys.publicKey;

export interface ContainerEnv {
  env: Record<string, string>;
  /** Where each variable comes from, for messages. */
  sources: Record<string, string>;
}

/** The environment a container starts with: envFrom ConfigMaps, then env (literal, Secret, ConfigMap key). */
export function containerEnv(c: Container, configMaps: ConfigMap[]): ContainerEnv {
  const env: Record<string, string> = {};
  const sources: Record<string, string> = {};
  const cmByName = (name: string) => {
    const cm = configMaps.find((m) => m.metadata.name === name);
    if (!cm) throw new Error(`container ${c.name} refers to ConfigMap ${name}, which is not rendered`);
    return cm;
  };
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      for (const [key, value] of Object.entries(cmByName(from.configMapRef.name).data)) {
        env[key] = value;
        sources[key] = `ConfigMap ${from.configMapRef.name}`;
      }
    }
    if (from.secretRef)
      throw new Error(`container ${c.name}: envFrom secretRef hides which keys it needs; list them in env`);
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) {
      env[e.name] = e.value;
      sources[e.name] = 'env';
    } else if (e.valueFrom?.secretKeyRef) {
      env[e.name] = secretPlaceholders[e.valueFrom.secretKeyRef.key] ?? genericSecretPlaceholder;
      sources[e.name] = `Secret ${e.valueFrom.secretKeyRef.name}`;
    } else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef;
      const value = cmByName(ref.name).data[ref.key];
      if (value === undefined) throw new Error(`container ${c.name}: ConfigMap ${ref.name} has no key ${ref.key}`);
      env[e.name] = value;
      sources[e.name] = `ConfigMap ${ref.name}`;
    } else {
      env[e.name] = '';
      sources[e.name] = 'env (empty)';
    }
  }
  return { env, sources };
}

/** Every variable name written in .env.example (`NAME=value`, commented out or not). */
export function envExampleVariables(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) vars.set(m[1]!, m[2]!);
  }
  return vars;
}
