/**
 * The production shape on one machine: real PostgreSQL and Redis (private servers on free ports),
 * two gateways behind a round-robin load balancer, two link and two notification services, one
 * billing service and the stand-ins. Every process is the one `npm start` runs, from the same specs
 * (scripts/lib/stack.ts); only the replicas, ports and the data stores differ.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HealthClient } from '@ferry/contracts/health/v1';
import { checkHealth, createGrpcClient } from '@ferry/service-kit';
import { freePort, startPostgres, startRedis, type RestartableServer } from '@ferry/testkit';
import pg from 'pg';
import { httpAnswers, waitUntil, type ManagedProcess } from '../process.ts';
import { dataServices, defaultPorts, type DataService, type Ports } from '../settings.ts';
import {
  launchProcess,
  migrate,
  processSpecs,
  singleMachineDefaults,
  writeRemotesManifest,
  type ProcessSpec,
} from '../stack.ts';
import { startLoadBalancer, type LoadBalancer } from './load-balancer.ts';

/** A replicated process: its name (`gateway-1`, `link-2`, …), the port it serves on and its /metrics port. */
export interface Replica {
  name: string;
  port: number;
  metricsPort: number;
}

export interface Rehearsal {
  /** The load balancer's origin: the one public origin (PUBLIC_ORIGIN). */
  baseUrl: string;
  loadBalancer: LoadBalancer;
  postgres: RestartableServer;
  redis: RestartableServer;
  /** Every process by name: the stand-ins, `link-1`, `link-2`, `notification-1`, `notification-2`, `billing`, `gateway-1`, `gateway-2`. */
  processes: Map<string, ManagedProcess>;
  gateways: Replica[];
  links: Replica[];
  notifications: Replica[];
  /** The variables every process got (as `npm start` writes them). */
  defaults: Record<string, string>;
  /** Each service process's GET /metrics (Prometheus), by process name. */
  metricsUrls: Record<string, string>;
  logDir: string;
  stop(): Promise<void>;
}

export interface RehearsalOptions {
  dataDir: string;
  /** Replicas of the gateway, link and notification services (default 2). */
  replicas?: number;
  /** Each answer the load balancer passes on: which gateway, what status. */
  onAnswer?: (gateway: string, status: number) => void;
  /** Lines of the processes' logs also printed to the console (`worthPrinting` for warnings); default none. */
  echo?: (line: string) => boolean;
}

const grpcServiceNames: Record<DataService, string> = {
  link: 'ferry.link.v1.LinkService',
  notification: 'ferry.notification.v1.NotificationService',
  billing: 'ferry.billing.v1.BillingService',
};

/** True once the gRPC server on `port` answers SERVING for its service. */
export async function grpcServing(service: DataService, port: number): Promise<boolean> {
  const client = createGrpcClient(HealthClient, `127.0.0.1:${port}`, {}, undefined);
  try {
    return (await checkHealth(client, grpcServiceNames[service], 1_000)) === 'SERVING';
  } finally {
    client.close();
  }
}

/** One database per data service on the shared server, as in production each service owns its own. */
async function createDatabases(serverUrl: string): Promise<Record<DataService, string>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const urls = {} as Record<DataService, string>;
  try {
    for (const service of dataServices) {
      await client.query(`CREATE DATABASE "ferry_${service}"`);
      const url = new URL(serverUrl);
      url.pathname = `/ferry_${service}`;
      urls[service] = url.toString();
    }
  } finally {
    await client.end();
  }
  return urls;
}

/** The replicas of `spec`, each on its own port, named `<name>-<k>`. */
function replicate(
  spec: ProcessSpec,
  replicas: Replica[],
  perReplica: (r: Replica) => Partial<ProcessSpec>,
): ProcessSpec[] {
  return replicas.map((replica) => {
    const own = perReplica(replica);
    return { ...spec, ...own, name: replica.name, env: { ...spec.env, ...own.env } };
  });
}

async function replicasOf(name: string, count: number): Promise<Replica[]> {
  const replicas: Replica[] = [];
  for (let k = 1; k <= count; k++)
    replicas.push({ name: `${name}-${k}`, port: await freePort(), metricsPort: await freePort() });
  return replicas;
}

/** Starts the rehearsal shape and waits until the load balancer's /api/health answers 200. */
export async function startRehearsal(options: RehearsalOptions): Promise<Rehearsal> {
  const count = options.replicas ?? 2;
  const { dataDir } = options;
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  const gateways = await replicasOf('gateway', count);
  const links = await replicasOf('link', count);
  const notifications = await replicasOf('notification', count);
  const [billing] = await replicasOf('billing', 1);
  ports.LINK_PORT = links[0]!.port;
  ports.NOTIFICATION_PORT = notifications[0]!.port;
  ports.BILLING_PORT = billing!.port;

  const processes = new Map<string, ManagedProcess>();
  let postgres: RestartableServer | undefined;
  let redis: RestartableServer | undefined;
  let loadBalancer: LoadBalancer | undefined;
  const stop = async () => {
    await loadBalancer?.close();
    await Promise.all([...processes.values()].reverse().map((p) => p.stop()));
    await Promise.all([postgres?.stop(), redis?.stop()]);
  };
  try {
    postgres = await startPostgres();
    // Append-only: the count batches waiting in Redis survive its restart, as with a production Redis.
    redis = await startRedis({ appendOnly: true });
    const databases = await createDatabases(postgres.url);
    // The load balancer is the public origin: sign-in redirects, links and the Stripe webhooks go through it.
    loadBalancer = await startLoadBalancer({
      port: ports.GATEWAY_PORT,
      upstreams: gateways,
      onAnswer: options.onAnswer,
    });

    const storeEnv: Record<string, string> = { REDIS_URL: redis.url };
    for (const service of dataServices) storeEnv[`${service.toUpperCase()}_DATABASE_URL`] = databases[service];
    const defaults = {
      ...singleMachineDefaults(ports, dataDir, { ...process.env, ...storeEnv }),
      // Every caller spreads its calls over the replicas (round_robin), as over a headless Service's addresses.
      LINK_ADDR: `ipv4:${links.map((r) => `127.0.0.1:${r.port}`).join(',')}`,
      NOTIFICATION_ADDR: `ipv4:${notifications.map((r) => `127.0.0.1:${r.port}`).join(',')}`,
    };
    const env: NodeJS.ProcessEnv = { ...process.env, ...defaults };
    await Promise.all(dataServices.map((service) => migrate(service, env, join(logDir, `migrate-${service}.log`))));

    const { manifestFile, mounts } = writeRemotesManifest(dataDir);
    const specs: ProcessSpec[] = [];
    for (const spec of processSpecs(ports, dataDir, defaults, manifestFile, mounts)) {
      if (spec.name === 'link' || spec.name === 'notification') {
        const service = spec.name;
        const prefix = service.toUpperCase();
        const replicas = service === 'link' ? links : notifications;
        specs.push(
          ...replicate(spec, replicas, (r) => ({
            env: { [`${prefix}_PORT`]: String(r.port), [`${prefix}_METRICS_PORT`]: String(r.metricsPort) },
            ready: () => grpcServing(service, r.port),
          })),
        );
      } else if (spec.name === 'billing') {
        specs.push(
          ...replicate(spec, [{ ...billing!, name: 'billing' }], (r) => ({
            env: { BILLING_METRICS_PORT: String(r.metricsPort) },
            ready: () => grpcServing('billing', r.port),
          })),
        );
      } else if (spec.name === 'gateway') {
        const { DOWNLOAD_BUFFER_FILE: _fileBuffer, ...gatewayEnv } = spec.env; // the count buffer is Redis here
        specs.push(
          ...replicate({ ...spec, env: gatewayEnv }, gateways, (r) => ({
            // The load balancer is the only proxy whose X-Forwarded-For the gateways believe.
            env: {
              GATEWAY_PORT: String(r.port),
              GATEWAY_METRICS_PORT: String(r.metricsPort),
              TRUSTED_PROXIES: '127.0.0.1',
            },
            ready: () => httpAnswers(`http://127.0.0.1:${r.port}/api/livez`, (s) => s === 200),
          })),
        );
      } else {
        specs.push(spec);
      }
    }
    for (const spec of specs) processes.set(spec.name, await launchProcess(spec, env, { logDir, echo: options.echo }));
    const baseUrl = loadBalancer.url;
    await waitUntil(
      'every backend to be SERVING through the load balancer (/api/health)',
      () => httpAnswers(`${baseUrl}/api/health`, (s) => s === 200),
      60_000,
    );
    const metricsUrls = Object.fromEntries(
      [...gateways, ...links, ...notifications, { ...billing!, name: 'billing' }].map((r) => [
        r.name,
        `http://127.0.0.1:${r.metricsPort}/metrics`,
      ]),
    );
    return {
      baseUrl,
      loadBalancer,
      metricsUrls,
      postgres,
      redis,
      processes,
      gateways,
      links,
      notifications,
      defaults,
      logDir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
