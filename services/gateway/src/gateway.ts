import http from 'node:http';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { GatewayConfig } from './config.js';
import { createBackends, type Backends } from './grpc/backends.js';
import { createHealthChecker } from './grpc/health-checker.js';
import { closeHttpServer } from './http/close-server.js';

/** A health check may take this long per backend before it counts as UNREACHABLE. */
export const HEALTH_TIMEOUT_MS = 1_000;
/** Health results are reused this long, so probes and dashboards cannot flood the backends. */
export const HEALTH_CACHE_MS = 1_000;
/** Requests in flight get this long to finish on shutdown before connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningGateway {
  port: number;
  app: Express;
  server: http.Server;
  backends: Backends;
  /** Drain: health answers 503, stop accepting, wait for requests in flight (≤ graceMs), close channels. */
  stop(graceMs?: number): Promise<void>;
}

/** Wires clients, app and HTTP server from a parsed config and starts listening. */
export async function startGateway(config: GatewayConfig, logger: Logger): Promise<RunningGateway> {
  const backends = createBackends({
    link: config.LINK_ADDR,
    notification: config.NOTIFICATION_ADDR,
    billing: config.BILLING_ADDR,
  });
  const health = createHealthChecker(backends.probes(HEALTH_TIMEOUT_MS), { cacheMs: HEALTH_CACHE_MS });
  let draining = false;
  const app = createApp({
    logger,
    health,
    backends,
    grpcDeadlineMs: config.GRPC_DEADLINE_MS,
    isDraining: () => draining,
    web: {
      shellDir: config.WEB_SHELL_DIR,
      remotes: config.WEB_REMOTES,
      remotesManifestFile: config.WEB_REMOTES_MANIFEST,
    },
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.GATEWAY_PORT, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = SHUTDOWN_GRACE_MS): Promise<void> => {
    stopping ??= (async () => {
      draining = true;
      logger.info({ graceMs }, 'gateway draining');
      const drained = await closeHttpServer(server, graceMs);
      if (!drained) logger.warn({ graceMs }, 'grace period over: open connections were cut');
      backends.close();
      logger.info('gateway stopped');
    })();
    return stopping;
  };

  return { port, app, server, backends, stop };
}
