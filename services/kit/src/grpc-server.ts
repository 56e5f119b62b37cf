import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { KeyObject } from 'node:crypto';
import type { Logger } from 'pino';
import { createCallerVerifier, type Principal } from './caller-assertion.js';
import { authenticateService, methodsWithoutPolicy, type RpcPolicy } from './caller-policy.js';
import { grpcServerCredentials, grpcTlsFromEnv, type GrpcTlsFiles } from './grpc-tls.js';

export interface GrpcServiceBinding {
  /** Fully-qualified service name, e.g. "ferry.link.v1.LinkService"; also its health-check name. */
  name: string;
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
  /** Who may call each method (every method needs one, or the server refuses to start). */
  policies: Partial<Record<string, RpcPolicy>>;
}

export interface StartGrpcServerOptions {
  /** Interface to bind: 127.0.0.1 on one machine, 0.0.0.0 in a container. Default 127.0.0.1. */
  host?: string;
  /** 0 binds a free port (tests). */
  port: number;
  services: GrpcServiceBinding[];
  /** Public keys of the principals whose signed caller assertions this server accepts. */
  callerKeys: Partial<Record<Principal, KeyObject>>;
  logger: Logger;
  /** Extra grpc-js server options, merged over the defaults below. */
  serverOptions?: grpc.ServerOptions;
  /** Mutual TLS files; absent: from GRPC_TLS_* (plaintext when unset, refused when NODE_ENV=production). */
  tls?: GrpcTlsFiles;
}

export interface RunningGrpcServer {
  port: number;
  server: grpc.Server;
  /** Health of "" and every registered service. */
  setServing(serving: boolean): void;
  /** NOT_SERVING → tryShutdown (drains calls in flight) → forceShutdown after graceMs. Idempotent. */
  shutdown(graceMs?: number): Promise<void>;
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

// Connections are recycled so clients using round_robin over DNS pick up new replicas
// (grpc-js re-resolves only on connection events).
const defaultServerOptions: grpc.ServerOptions = {
  'grpc.max_connection_age_ms': 5 * 60_000,
  'grpc.max_connection_age_grace_ms': 30_000,
  'grpc.keepalive_time_ms': 60_000,
  'grpc.keepalive_timeout_ms': 20_000,
};

/**
 * Starts a gRPC server with the standard health service; SERVING once bound. Every call of every
 * service must carry a caller assertion its method's policy allows (health is open).
 */
export async function startGrpcServer(opts: StartGrpcServerOptions): Promise<RunningGrpcServer> {
  const { logger } = opts;
  for (const service of opts.services) {
    const open = methodsWithoutPolicy(service.definition, service.policies);
    if (open.length > 0) throw new Error(`${service.name}: no caller policy for ${open.join(', ')}; refusing to start`);
    for (const [method, policy] of Object.entries(service.policies)) {
      const unverifiable = policy?.callers.filter((p) => !opts.callerKeys[p]) ?? [];
      if (unverifiable.length > 0)
        throw new Error(`${service.name}.${method}: no public key for ${unverifiable.join(', ')}; refusing to start`);
    }
  }
  const tls = opts.tls ?? grpcTlsFromEnv();
  const credentials = grpcServerCredentials(tls);
  const verifier = createCallerVerifier({ keys: opts.callerKeys });
  const server = new grpc.Server({ ...defaultServerOptions, ...opts.serverOptions });
  const names = ['', ...opts.services.map((s) => s.name)];
  const health = new HealthImplementation(Object.fromEntries(names.map((n) => [n, 'NOT_SERVING' as const])));
  health.addToServer(server);
  for (const service of opts.services) {
    server.addService(
      service.definition,
      authenticateService(service.name, service.definition, service.implementation, service.policies, verifier),
    );
  }

  const host = opts.host ?? '127.0.0.1';
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${opts.port}`, credentials, (err, boundPort) => (err ? reject(err) : resolve(boundPort)));
  });

  const setServing = (serving: boolean) => {
    for (const name of names) health.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
  };
  setServing(true);
  logger.info(
    { host, port, tls: tls ? 'mutual' : 'off', services: opts.services.map((s) => s.name) },
    'grpc server listening',
  );

  let stopping: Promise<void> | undefined;
  const shutdown = (graceMs = DEFAULT_SHUTDOWN_GRACE_MS) => {
    stopping ??= new Promise<void>((resolve) => {
      setServing(false);
      logger.info({ graceMs }, 'grpc server draining');
      // tryShutdown waits for every open call, including health Watch streams that never end
      // by themselves (grpc-node#1458), hence the forced stop after the grace period.
      const force = setTimeout(() => {
        logger.warn({ graceMs }, 'grace period over: forcing grpc server shutdown');
        server.forceShutdown();
        resolve();
      }, graceMs);
      server.tryShutdown(() => {
        clearTimeout(force);
        logger.info('grpc server stopped');
        resolve();
      });
    });
    return stopping;
  };

  return { port, server, setServing, shutdown };
}
