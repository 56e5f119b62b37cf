import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Logger } from 'pino';

export { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prefix of every Ferry metric; the process metrics keep prom-client's names (`process_*`, `nodejs_*`). */
export const METRIC_PREFIX = 'ferry_';

/** A registry of one service: every series carries `service`, plus the process and Node.js runtime metrics. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export interface StartMetricsServerOptions {
  registry: Registry;
  port: number;
  /** Interface to bind: the service's own bind host (127.0.0.1 on one machine, 0.0.0.0 in a pod); absent = 127.0.0.1, this machine only. */
  host?: string;
  logger: Logger;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in the Prometheus text format on a port of its own, apart from the service's
 * traffic (the gateway's public port never answers it). Anything else is a 404.
 */
export async function startMetricsServer(opts: StartMetricsServerOptions): Promise<MetricsServer> {
  const { registry, logger } = opts;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: try /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('use GET\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: Error) => {
        logger.warn({ error: err.message }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A gauge's value read at scrape time (a database count, a queue's age) failed: the series is left
 * out of this scrape rather than failing the whole page. Returns undefined then.
 */
export async function readOrSkip<T>(read: () => Promise<T>, logger: Logger, what: string): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    logger.debug({ error: (err as Error).message, metric: what }, 'metric not read this scrape');
    return undefined;
  }
}

/** One outbox's backlog: rows not yet handed on, and when the oldest of them was written. */
export interface OutboxBacklog {
  outbox: string;
  depth: number;
  oldestCreatedAt: Date | null;
}

/**
 * `ferry_outbox_depth` and `ferry_outbox_oldest_age_seconds` by `outbox`, read at scrape time
 * (one read per scrape serves both). Every replica reports the same shared table, so alerts take
 * the max and an autoscaler the average.
 */
export function registerOutboxMetrics(
  registry: Registry,
  read: () => Promise<OutboxBacklog[]>,
  logger: Logger,
  now: () => number = Date.now,
): void {
  let snapshot: { at: number; rows: Promise<OutboxBacklog[] | undefined> } | undefined;
  const current = () => {
    const t = now();
    if (!snapshot || t - snapshot.at > 1_000) snapshot = { at: t, rows: readOrSkip(read, logger, 'outbox') };
    return snapshot.rows;
  };
  new Gauge({
    name: `${METRIC_PREFIX}outbox_depth`,
    help: 'Outbox rows not yet handed on (mails not sent, events not relayed)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const row of (await current()) ?? []) this.set({ outbox: row.outbox }, row.depth);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}outbox_oldest_age_seconds`,
    help: 'Age of the oldest outbox row not yet handed on; 0 when the outbox is empty',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const row of (await current()) ?? [])
        this.set(
          { outbox: row.outbox },
          row.oldestCreatedAt ? Math.max(0, (now() - row.oldestCreatedAt.getTime()) / 1000) : 0,
        );
    },
  });
}
