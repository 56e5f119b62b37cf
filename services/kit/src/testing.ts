/**
 * Helpers for services' integration tests (import from '@ferry/service-kit/testing').
 * No test-runner dependency: they return promises and throw on timeout.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { connect } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import {
  HealthCheckResponse_ServingStatus,
  type HealthCheckResponse,
  type HealthClient,
} from '@ferry/contracts/health/v1';
import { createCallerSigner, createCallerVerifier, PRINCIPALS, type Principal } from './caller-assertion.js';
import { authenticateService, type RpcPolicy } from './caller-policy.js';
import { checkHealth, type HealthState } from './grpc-client.js';
import { unaryCall } from './unary-call.js';

/** True when nothing accepts TCP connections on host:port. */
export function portIsClosed(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Polls checkHealth every 50 ms until it reports `want`; throws after timeoutMs. */
export async function waitForHealth(
  client: HealthClient,
  service: string,
  want: HealthState,
  timeoutMs = 5000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: HealthState | undefined;
  while (Date.now() < until) {
    last = await checkHealth(client, service, Math.max(100, Math.min(1000, until - Date.now())));
    if (last === want) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`health of "${service}" stayed ${last ?? 'unknown'}, wanted ${want}`);
}

export type ServingStatusName = keyof typeof HealthCheckResponse_ServingStatus;

export interface HealthWatch {
  /** Every status received so far, by name ('SERVING', 'NOT_SERVING', …). */
  statuses: ServingStatusName[];
  /** Resolves once `status` has been received (also if it already was). */
  reached(status: ServingStatusName): Promise<void>;
  cancel(): void;
}

/** Opens a health Watch stream, the way a load balancer sees a server change state. */
export function watchHealth(client: HealthClient, service: string): HealthWatch {
  const statuses: ServingStatusName[] = [];
  const waiters: Array<{ status: ServingStatusName; resolve: () => void }> = [];
  const stream = client.watch({ service });
  stream.on('error', () => undefined);
  stream.on('data', (msg: HealthCheckResponse) => {
    const name = HealthCheckResponse_ServingStatus[msg.status] as ServingStatusName;
    statuses.push(name);
    for (const w of waiters.filter((w) => w.status === name)) w.resolve();
  });
  return {
    statuses,
    reached: (status) =>
      statuses.includes(status) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ status, resolve })),
    cancel: () => stream.cancel(),
  };
}

/** Calls a unary RPC of a generated client and returns its error or answer (never rejects). */
export function callUnary<Req, Res>(
  method: (
    req: Req,
    md: grpc.Metadata,
    opts: Partial<grpc.CallOptions>,
    cb: (err: grpc.ServiceError | null, res: Res) => void,
  ) => grpc.ClientUnaryCall,
  request: Req,
  timeoutMs = 5000,
): Promise<{ err: grpc.ServiceError | null; res?: Res }> {
  return unaryCall<Res>((md, o, cb) => method(request, md, o, cb), { deadlineMs: timeoutMs }).then(
    (res) => ({ err: null, res }),
    (err: grpc.ServiceError) => ({ err }),
  );
}

/**
 * A gRPC server with one service on a free local port (insecure), for tests that stand in for a
 * backend. With `policies`, calls must carry caller assertions signed with the test keys, as on a
 * real server, and handlers read them with verifiedCaller()/verifiedUser().
 */
export async function startTestGrpcServer(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
  policies?: Partial<Record<string, RpcPolicy>>,
): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  const audience = Object.values(definition)[0]?.path.split('/')[1] ?? '';
  const verifier = createCallerVerifier({ keys: testCallerPublicKeys() });
  server.addService(
    definition,
    policies ? authenticateService(audience, definition, implementation, policies, verifier) : implementation,
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { server, port };
}

export interface TestCallerKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

let testKeys: Record<Principal, TestCallerKeys> | undefined;

/** A fresh Ed25519 key pair per principal, made once per test process. */
export function testCallerKeys(): Record<Principal, TestCallerKeys> {
  testKeys ??= Object.fromEntries(PRINCIPALS.map((p) => [p, generateKeyPairSync('ed25519')])) as Record<
    Principal,
    TestCallerKeys
  >;
  return testKeys;
}

/** The public keys a test server trusts: every principal's test key. */
export function testCallerPublicKeys(): Record<Principal, KeyObject> {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, testCallerKeys()[p].publicKey])) as Record<Principal, KeyObject>;
}

/**
 * Client options for tests that call a service as `principal` (default: each method's first allowed
 * caller, as the real callers do). Methods whose
 * policy needs a user act for the request's `caller` field ({ sub, email }; as an administrator for
 * GATEWAY_FOR_ADMIN methods), which is how a test
 * says whom a call is for; a request without one carries no assertion (UNAUTHENTICATED). Every
 * other method carries the principal's own assertion. The servers themselves ignore `caller`.
 */
export function testCallerOptions(
  definition: grpc.ServiceDefinition,
  policies: Partial<Record<string, RpcPolicy>>,
  principal?: Principal,
): Partial<grpc.ClientOptions> {
  const signers = Object.fromEntries(
    PRINCIPALS.map((p) => [p, createCallerSigner({ issuer: p, privateKey: testCallerKeys()[p].privateKey })]),
  );
  const byPath = new Map(Object.entries(definition).map(([method, def]) => [def.path, policies[method]]));
  const interceptor: grpc.Interceptor = (options, nextCall) => {
    const path = options.method_definition.path;
    const audience = path.split('/')[1]!;
    const policy = byPath.get(path);
    const forUser = policy?.user === 'required' || policy?.user === 'admin';
    const admin = policy?.user === 'admin' ? ({ admin: true } as const) : {};
    const signer = signers[principal ?? policy?.callers[0] ?? 'gateway']!;
    let started:
      | {
          metadata: grpc.Metadata;
          listener: grpc.InterceptingListener;
          next: (md: grpc.Metadata, l: grpc.InterceptingListener) => void;
        }
      | undefined;
    return new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        if (!forUser) {
          void Promise.resolve(signer.serviceToken(audience)).then((t) => {
            metadata.set('authorization', `Bearer ${t}`);
            next(metadata, listener);
          });
          return;
        }
        started = { metadata, listener, next };
      },
      sendMessage(message: { caller?: { sub?: string; email?: string } }, next) {
        if (!started) {
          next(message);
          return;
        }
        const { metadata, listener, next: startNext } = started;
        started = undefined;
        const caller = message.caller;
        const token = caller?.sub
          ? signer.userToken(audience, { sub: caller.sub, email: caller.email ?? '', ...admin })
          : undefined;
        void Promise.resolve(token).then((t) => {
          if (t) metadata.set('authorization', `Bearer ${t}`);
          startNext(metadata, listener);
          next(message);
        });
      },
    });
  };
  return { interceptors: [interceptor] };
}

/** A key as an environment variable holds it: PKCS#8 PEM for a private key, SPKI PEM for a public one. */
export function keyPem(key: KeyObject): string {
  return key.type === 'private'
    ? key.export({ type: 'pkcs8', format: 'pem' }).toString()
    : key.export({ type: 'spki', format: 'pem' }).toString();
}

export {
  hostileCases,
  callAnyMethod,
  callEveryHostileCase,
  snapshotTables,
  type HostileCase,
  type HostileCallResult,
} from './hostile-callers.js';
