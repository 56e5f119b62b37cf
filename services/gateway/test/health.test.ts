import { BillingServiceService } from '@ferry/contracts/billing/v1';
import { LinkServiceService } from '@ferry/contracts/link/v1';
import { NotificationServiceService } from '@ferry/contracts/notification/v1';
import { GATEWAY_SERVICE, startGrpcServer, type RunningGrpcServer } from '@ferry/service-kit';
import { testCallerKeys, testCallerPublicKeys } from '@ferry/service-kit/testing';
import type * as grpc from '@grpc/grpc-js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../src/config.js';
import type { HealthReport } from '../src/grpc/health-checker.js';
import { startGateway, type RunningGateway } from '../src/gateway.js';
import { silentLogger, waitFor } from './helpers.js';

/** A stand-in backend: the real kit server with the service's name registered, no methods implemented. */
function fakeBackend(name: string, definition: grpc.ServiceDefinition): Promise<RunningGrpcServer> {
  return startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    logger: silentLogger(),
    services: [
      {
        name,
        definition,
        implementation: {},
        policies: Object.fromEntries(Object.keys(definition).map((m) => [m, GATEWAY_SERVICE])),
      },
    ],
    callerKeys: testCallerPublicKeys(),
  });
}

let link: RunningGrpcServer;
let notification: RunningGrpcServer;
let billing: RunningGrpcServer;
let gateway: RunningGateway;
let wrongTarget: RunningGateway;

const baseConfig = (addrs: { link: number; notification: number; billing: number }): GatewayConfig => ({
  GATEWAY_PORT: 0,
  LINK_ADDR: `127.0.0.1:${addrs.link}`,
  NOTIFICATION_ADDR: `127.0.0.1:${addrs.notification}`,
  BILLING_ADDR: `127.0.0.1:${addrs.billing}`,
  GRPC_DEADLINE_MS: 1_000,
  CALLER_ASSERTION_PRIVATE_KEY: testCallerKeys().gateway.privateKey,
  GATEWAY_METRICS_HOST: '127.0.0.1',
  REDIS_URL: undefined,
  WEB_SHELL_DIR: undefined,
  WEB_REMOTES: undefined,
  WEB_REMOTES_MANIFEST: undefined,
  LOG_LEVEL: undefined,
  PUBLIC_ORIGIN: 'http://localhost:8080',
  OIDC_PROVIDER: 'local',
  OIDC_ISSUER: 'http://127.0.0.1:1',
  OIDC_CLIENT_ID: 'ferry-gateway',
  OIDC_CLIENT_SECRET: 'test-secret-123',
  CSP_SCRIPT_ORIGINS: undefined,
  CSP_CONNECT_ORIGINS: undefined,
});

beforeAll(async () => {
  [link, notification, billing] = await Promise.all([
    fakeBackend('ferry.link.v1.LinkService', LinkServiceService),
    fakeBackend('ferry.notification.v1.NotificationService', NotificationServiceService),
    fakeBackend('ferry.billing.v1.BillingService', BillingServiceService),
  ]);
  gateway = await startGateway(
    baseConfig({ link: link.port, notification: notification.port, billing: billing.port }),
    silentLogger(),
  );
  // LINK_ADDR points at the notification server by mistake.
  wrongTarget = await startGateway(
    baseConfig({ link: notification.port, notification: notification.port, billing: billing.port }),
    silentLogger(),
  );
});

afterAll(async () => {
  await Promise.all([gateway?.stop(1_000), wrongTarget?.stop(1_000)]);
  await Promise.all([link, notification, billing].map((s) => s?.shutdown(0)));
});

const health = async (g: RunningGateway) => {
  const res = await request(g.server).get('/api/health');
  return { status: res.status, body: res.body as HealthReport };
};

describe('/api/health over the gRPC health protocol', () => {
  it('is 200 when every backend serves', async () => {
    const res = await health(gateway);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      services: { gateway: 'SERVING', link: 'SERVING', notification: 'SERVING', billing: 'SERVING' },
    });
  });

  it('reports a backend that serves another service as NOT_SERVING', async () => {
    const res = await health(wrongTarget);
    expect(res.status).toBe(503);
    expect(res.body.services.link).toBe('NOT_SERVING');
    expect(res.body.services.notification).toBe('SERVING');
  });

  it('reports a backend that turned NOT_SERVING within 5 s, and its recovery', async () => {
    notification.setServing(false);
    const started = Date.now();
    const down = await waitFor(
      async () => {
        const r = await health(gateway);
        return r.body.services.notification === 'NOT_SERVING' ? r : undefined;
      },
      5_000,
      'notification NOT_SERVING',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('degraded');
    notification.setServing(true);
    await waitFor(async () => ((await health(gateway)).status === 200 ? true : undefined), 5_000, 'recovery');
  });

  it('reports a killed backend as UNREACHABLE within 5 s with 503', async () => {
    expect((await health(gateway)).status).toBe(200);
    billing.server.forceShutdown();
    const started = Date.now();
    const down = await waitFor(
      async () => {
        const r = await health(gateway);
        return r.body.services.billing === 'UNREACHABLE' ? r : undefined;
      },
      5_000,
      'billing UNREACHABLE',
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(down.status).toBe(503);
    expect(down.body.services).toMatchObject({ gateway: 'SERVING', link: 'SERVING', billing: 'UNREACHABLE' });
  });

  it('answers 503 with gateway NOT_SERVING once draining', async () => {
    const g = await startGateway(
      baseConfig({ link: link.port, notification: notification.port, billing: billing.port }),
      silentLogger(),
    );
    const stopping = g.stop(1_000);
    // The listener is closed, so ask the app directly.
    const res = await request(g.app).get('/api/health');
    await stopping;
    expect(res.status).toBe(503);
    expect(res.body.services.gateway).toBe('NOT_SERVING');
  });
});
