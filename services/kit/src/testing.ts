/**
 * Helpers for services' integration tests (import from '@ferry/service-kit/testing').
 * No test-runner dependency: they return promises and throw on timeout.
 */
import { connect } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { HealthCheckResponse_ServingStatus, type HealthCheckResponse, type HealthClient } from '@ferry/contracts/health/v1';
import { checkHealth, type HealthState } from './grpc-client.js';

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
export async function waitForHealth(client: HealthClient, service: string, want: HealthState, timeoutMs = 5000): Promise<void> {
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
  method: (req: Req, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (err: grpc.ServiceError | null, res: Res) => void) => grpc.ClientUnaryCall,
  request: Req,
  timeoutMs = 5000,
): Promise<{ err: grpc.ServiceError | null; res?: Res }> {
  return new Promise((resolve) => {
    method(request, new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (err, res) => resolve({ err, res }));
  });
}

/** A gRPC server with one service on a free local port (insecure), for tests that stand in for a backend. */
export async function startTestGrpcServer(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  server.addService(definition, implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port };
}
