/**
 * The hostile-caller table for a service's suite: for every method of a service definition, calls
 * that must be refused before any handler runs. Test-only (exported through '@ferry/service-kit/testing').
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { SignJWT } from 'jose';
import { AUTHORIZATION_METADATA, PRINCIPALS, type AssertedUser, type Principal } from './caller-assertion.js';
import type { RpcPolicy, ServicePolicies } from './caller-policy.js';

export interface HostileCase {
  name: string;
  /** Metadata of the hostile call (made fresh per call: assertions carry the current time). */
  metadata(): Promise<grpc.Metadata>;
  expected: grpc.status.UNAUTHENTICATED | grpc.status.PERMISSION_DENIED;
}

interface Claims {
  iss: string;
  aud: string;
  user?: AssertedUser;
  /** Seconds from now. */
  iatOffset?: number;
  lifetime?: number;
}

async function signed(key: KeyObject, claims: Claims): Promise<grpc.Metadata> {
  const iat = Math.floor(Date.now() / 1000) + (claims.iatOffset ?? 0);
  const user = claims.user;
  const token = await new SignJWT(
    user ? { sub: user.sub, email: user.email, ...(user.admin ? { adm: true } : {}) } : {},
  )
    .setProtectedHeader({ alg: 'EdDSA' })
    .setIssuer(claims.iss)
    .setAudience(claims.aud)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (claims.lifetime ?? 60))
    .sign(key);
  const md = new grpc.Metadata();
  md.set(AUTHORIZATION_METADATA, `Bearer ${token}`);
  return md;
}

/**
 * Every refusal one method must give: no assertion, an expired one, a forged one (right issuer,
 * another key), one for another audience, the wrong kind of identity (a user's on a service-only
 * method, a service's on a user method), and a principal the policy does not allow (the link
 * service on a gateway method, the gateway on a link method). `victim` is the user the forged
 * and misdirected assertions claim to act for. `trusted` are the principals whose public keys the
 * server holds: an outsider it has no key for is UNAUTHENTICATED (unknown issuer), else
 * PERMISSION_DENIED.
 */
export function hostileCases(
  audience: string,
  policy: RpcPolicy,
  keys: Record<Principal, { privateKey: KeyObject }>,
  victim: AssertedUser,
  trusted: readonly Principal[],
): HostileCase[] {
  const allowed = policy.callers[0]!;
  const forUser = policy.user !== 'none';
  const user = policy.user === 'admin' ? { ...victim, admin: true as const } : forUser ? victim : undefined;
  const key = keys[allowed].privateKey;
  const stranger = generateKeyPairSync('ed25519').privateKey;
  const outsider = PRINCIPALS.find((p) => !policy.callers.includes(p));
  const cases: HostileCase[] = [
    { name: 'no assertion', metadata: async () => new grpc.Metadata(), expected: grpc.status.UNAUTHENTICATED },
    {
      name: 'expired',
      metadata: () => signed(key, { iss: allowed, aud: audience, user, iatOffset: -120 }),
      expected: grpc.status.UNAUTHENTICATED,
    },
    {
      name: 'forged (another key)',
      metadata: () => signed(stranger, { iss: allowed, aud: audience, user }),
      expected: grpc.status.UNAUTHENTICATED,
    },
    {
      name: 'for another audience',
      metadata: () => signed(key, { iss: allowed, aud: 'ferry.other.v1.OtherService', user }),
      expected: grpc.status.UNAUTHENTICATED,
    },
    {
      name: forUser ? "the service's own identity on a user method" : "a user's assertion on a service-only method",
      metadata: () => signed(key, { iss: allowed, aud: audience, user: forUser ? undefined : victim }),
      expected: grpc.status.PERMISSION_DENIED,
    },
  ];
  if (policy.user === 'admin') {
    cases.push({
      name: 'a signed-in user who is not an administrator on an admin method',
      metadata: () => signed(key, { iss: allowed, aud: audience, user: victim }),
      expected: grpc.status.PERMISSION_DENIED,
    });
  }
  if (outsider) {
    cases.push({
      name: `the ${outsider} identity on a ${policy.callers.join('/')}-only method`,
      metadata: () => signed(keys[outsider].privateKey, { iss: outsider, aud: audience, user }),
      expected: trusted.includes(outsider) ? grpc.status.PERMISSION_DENIED : grpc.status.UNAUTHENTICATED,
    });
  }
  return cases;
}

type AnyClient = grpc.Client & Record<string, (...args: unknown[]) => unknown>;

/** Calls one method of a generated client whatever its kind; resolves with its error (null = OK). */
export function callAnyMethod(
  client: grpc.Client,
  definition: grpc.ServiceDefinition,
  method: string,
  request: unknown,
  metadata: grpc.Metadata,
  timeoutMs = 5000,
): Promise<grpc.ServiceError | null> {
  const def = definition[method]!;
  const c = client as AnyClient;
  const options = { deadline: Date.now() + timeoutMs };
  return new Promise((resolve) => {
    if (def.requestStream && !def.responseStream) {
      const stream = c[method]!(metadata, options, (err: grpc.ServiceError | null) =>
        resolve(err),
      ) as grpc.ClientWritableStream<unknown>;
      stream.on('error', () => undefined);
      for (const message of Array.isArray(request) ? request : [request]) stream.write(message);
      stream.end();
    } else if (def.responseStream) {
      const stream = c[method]!(request, metadata, options) as grpc.ClientReadableStream<unknown>;
      // The first message (or the end) means the call was accepted.
      stream.once('data', () => {
        stream.cancel();
        resolve(null);
      });
      stream.on('error', (err: grpc.ServiceError) => resolve(err.code === grpc.status.CANCELLED ? null : err));
      stream.on('end', () => resolve(null));
    } else {
      c[method]!(request, metadata, options, (err: grpc.ServiceError | null) => resolve(err));
    }
  });
}

/**
 * Every row of every table of the database's public schema, as sorted JSON per table: compare two
 * snapshots to prove nothing changed. `query` runs one SQL statement (e.g. prisma.$queryRawUnsafe).
 */
export async function snapshotTables(query: (sql: string) => Promise<unknown[]>): Promise<Record<string, string[]>> {
  const tables = (await query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as Array<{ name: string }>;
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = (await query(`SELECT to_jsonb(t)::text AS row FROM "${name.replace(/"/g, '""')}" AS t`)) as Array<{
      row: string;
    }>;
    snapshot[name] = rows.map((r) => r.row).sort();
  }
  return snapshot;
}

/** What one hostile call answered, next to what it had to answer. */
export interface HostileCallResult {
  rpc: string;
  case: string;
  expected: HostileCase['expected'];
  code: grpc.status | undefined;
  details: string | undefined;
}

export interface EveryHostileCallOptions<D extends grpc.ServiceDefinition> {
  /** A client with no caller-assertion interceptor: each case sets its own metadata. */
  client: grpc.Client;
  definition: D;
  /** The service's full name (the assertions' audience). */
  audience: string;
  policies: ServicePolicies<D>;
  /** One request per method that would read or change `victim`'s data if it were accepted. */
  requests: { readonly [K in keyof D]: unknown };
  keys: Record<Principal, { privateKey: KeyObject }>;
  victim: AssertedUser;
  /** The principals whose public keys the server holds. */
  trusted: readonly Principal[];
}

/** Makes every hostile case of every method, one call at a time, and reports each answer. */
export async function callEveryHostileCase<D extends grpc.ServiceDefinition>(
  opts: EveryHostileCallOptions<D>,
): Promise<HostileCallResult[]> {
  const results: HostileCallResult[] = [];
  for (const rpc of Object.keys(opts.definition) as Array<keyof D & string>) {
    for (const c of hostileCases(opts.audience, opts.policies[rpc], opts.keys, opts.victim, opts.trusted)) {
      const err = await callAnyMethod(opts.client, opts.definition, rpc, opts.requests[rpc], await c.metadata());
      results.push({ rpc, case: c.name, expected: c.expected, code: err?.code, details: err?.details });
    }
  }
  return results;
}
