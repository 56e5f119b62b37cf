import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** A process configuration that cannot be used. The message names every missing or bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once with a zod object schema whose keys are the variable names.
 * Throws ConfigError naming each variable that is missing or invalid.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || '(environment)';
    const raw = issue.path.length > 0 ? env[String(issue.path[0])] : undefined;
    if (issue.path.length > 0 && (raw === undefined || raw === '')) return `${name} is missing`;
    return `${name} is invalid: ${issue.message}`;
  });
  throw new ConfigError([...new Set(problems)]);
}

/** Reusable variable schemas, so every service spells them the same way. */
export const env = {
  /** A TCP port; 0 asks the kernel for a free one (tests). */
  port: () => z.coerce.number().int().min(0).max(65535),
  /** postgresql://… for PostgreSQL, pglite:///abs/dir or pglite:memory for embedded PGlite. */
  databaseUrl: () =>
    z
      .string()
      .min(1)
      .refine((v) => /^postgres(ql)?:\/\//.test(v) || v === 'pglite:memory' || /^pglite:\/\/\/./.test(v), {
        message: 'expected postgresql://…, pglite:///absolute/dir or pglite:memory',
      }),
  /** redis://… or rediss://… */
  redisUrl: () => z.string().regex(/^rediss?:\/\//, 'expected redis://… or rediss://…'),
  /**
   * host:port or a dns:/// target of a gRPC server, or `ipv4:a.b.c.d:port,a.b.c.d:port` naming
   * replicas directly (one machine running several, where DNS has one address per name).
   */
  grpcAddress: () =>
    z
      .string()
      .regex(
        /^((dns:\/\/\/)?[^\s:/,]+:\d{1,5}|ipv4:\d{1,3}(\.\d{1,3}){3}:\d{1,5}(,\d{1,3}(\.\d{1,3}){3}:\d{1,5})*)$/,
        'expected host:port, dns:///host:port or ipv4:a.b.c.d:port[,a.b.c.d:port…]',
      ),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  /** Base64 of at least 32 random bytes: the HMAC key of the mails' one-click actions (ACTION_SIGNING_KEY, signed-action.ts). */
  hmacKey: () =>
    z
      .string()
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
      .transform((v) => Buffer.from(v, 'base64'))
      .refine((key) => key.length >= 32, 'must be at least 32 bytes (base64 of 32 random bytes)'),
  /** Milliseconds as a non-negative integer. */
  millis: () => z.coerce.number().int().min(0),
  /** An interface address to bind (127.0.0.1, 0.0.0.0, ::). */
  bindHost: () => z.union([z.ipv4(), z.ipv6()]),
  /** An Ed25519 private key, PKCS#8 PEM (a literal `\n` stands for a line break, as env files write it). */
  ed25519PrivateKey: () => z.string().transform((pem, ctx) => ed25519Key(pem, 'private', ctx)),
  /** An Ed25519 public key, SPKI PEM (`-----BEGIN PUBLIC KEY-----`). */
  ed25519PublicKey: () => z.string().transform((pem, ctx) => ed25519Key(pem, 'public', ctx)),
};

function ed25519Key(pem: string, kind: 'private' | 'public', ctx: z.RefinementCtx): KeyObject {
  const text = pem.replace(/\\n/g, '\n').trim();
  try {
    // createPublicKey would also derive a public key from a private PEM: a private key is not accepted here.
    const key =
      kind === 'private'
        ? createPrivateKey({ key: text, format: 'pem' })
        : text.includes('PRIVATE')
          ? undefined
          : createPublicKey({ key: text, format: 'pem' });
    if (key && key.type === kind && key.asymmetricKeyType === 'ed25519') return key;
  } catch {
    // reported below
  }
  ctx.addIssue({
    code: 'custom',
    message: `expected an Ed25519 ${kind} key in PEM (${kind === 'private' ? 'PKCS#8' : 'SPKI'})`,
  });
  return z.NEVER;
}

export interface RunMainOptions {
  /** Replaces process.exit (tests). */
  exit?: (code: number) => void;
  /** Replaces process.stderr.write (tests). */
  writeError?: (text: string) => void;
}

/**
 * Runs a process's main function. A ConfigError is printed plainly (no stack) and exits 1;
 * any other crash is logged as one JSON line and exits 1. Resolves once main has settled.
 */
export function runMain(name: string, main: () => Promise<void>, options: RunMainOptions = {}): Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const writeError = options.writeError ?? ((text: string) => void process.stderr.write(text));
  return main().catch((err: unknown) => {
    if (err instanceof ConfigError) {
      writeError(`${name}: ${err.message}\n`);
    } else {
      const e = err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
      writeError(
        `${JSON.stringify({ level: 'fatal', service: name, msg: 'crashed', err: e, time: new Date().toISOString() })}\n`,
      );
    }
    exit(1);
  });
}
