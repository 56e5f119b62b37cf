import { HealthService, type HealthCheckResponse } from '@ferry/contracts/health/v1';
import * as grpc from '@grpc/grpc-js';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { unary } from '../src/grpc/call.js';
import { errorHandler } from '../src/http/errors.js';
import { requestId } from '../src/http/request-id.js';
import { closedPort, silentLogger } from './helpers.js';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { gatewaySigner } from './backend-policies.js';

/**
 * A backend whose Check answers according to the requested service name, so every gRPC outcome
 * can be produced through a real channel: "slow" never answers (until cancelled), "missing"
 * NOT_FOUND, "bad" INVALID_ARGUMENT, "boom" INTERNAL with an internal message.
 */
let server: grpc.Server;
let backends: Backends;
let downBackends: Backends;
const seenRequestIds: string[] = [];
let slowCallCancelled: Promise<void>;
let markCancelled: () => void;

beforeAll(async () => {
  slowCallCancelled = new Promise((resolve) => (markCancelled = resolve));
  let port: number;
  ({ server, port } = await startTestGrpcServer(HealthService, {
    check(
      call: grpc.ServerUnaryCall<{ service: string }, HealthCheckResponse>,
      cb: grpc.sendUnaryData<HealthCheckResponse>,
    ) {
      const id = call.metadata.get('x-request-id')[0];
      if (typeof id === 'string') seenRequestIds.push(id);
      const fail = (code: grpc.status, details: string) => cb({ code, details, name: 'Error', message: details });
      switch (call.request.service) {
        case 'slow':
          call.on('cancelled', () => markCancelled());
          return;
        case 'missing':
          return fail(grpc.status.NOT_FOUND, 'no link with that slug');
        case 'bad':
          return fail(grpc.status.INVALID_ARGUMENT, 'slug must be 8 to 16 characters');
        case 'boom':
          return fail(grpc.status.INTERNAL, 'TypeError: x is undefined at /srv/link/dist/handlers.js:42');
        default:
          return cb(null, { status: 1 });
      }
    },
  }));
  backends = createBackends(
    { link: `127.0.0.1:${port}`, notification: `127.0.0.1:${port}`, billing: `127.0.0.1:${port}` },
    gatewaySigner(),
  );
  const nothing = `127.0.0.1:${await closedPort()}`;
  downBackends = createBackends({ link: nothing, notification: nothing, billing: nothing }, gatewaySigner());
});

afterAll(() => {
  backends?.close();
  downBackends?.close();
  server?.forceShutdown();
});

const DEADLINE_MS = 300;

/** A minimal route calling a backend the way feature routes do: unary() + the shared error handler. */
function appCalling(b: Backends) {
  const app = express();
  app.use(requestId);
  app.get('/check/:service', async (req, res) => {
    const response = await unary<HealthCheckResponse>(
      (md, opts, cb) => b.link.health.check({ service: req.params.service }, md, opts, cb),
      { deadlineMs: DEADLINE_MS, requestId: req.id },
    );
    res.json(response);
  });
  app.use(errorHandler(silentLogger()));
  return app;
}

describe('backend calls through the gateway error mapping', () => {
  it('passes the answer through and propagates x-request-id', async () => {
    const res = await request(appCalling(backends)).get('/check/any').set('x-request-id', 'trace-42');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    expect(seenRequestIds).toContain('trace-42');
  });

  it('answers 504 when the backend is slower than the deadline', async () => {
    const started = Date.now();
    const res = await request(appCalling(backends)).get('/check/slow');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: 'Upstream service did not answer in time', code: 'deadline_exceeded' });
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 10);
    expect(elapsed).toBeLessThan(DEADLINE_MS + 1_500);
    await slowCallCancelled; // the backend learns that the caller gave up
  });

  it('maps NOT_FOUND to 404 and INVALID_ARGUMENT to 400 with the backend message', async () => {
    const missing = await request(appCalling(backends)).get('/check/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'no link with that slug', code: 'not_found' });
    const bad = await request(appCalling(backends)).get('/check/bad');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'slug must be 8 to 16 characters', code: 'invalid_argument' });
  });

  it('maps INTERNAL to 502 without leaking the backend message', async () => {
    const res = await request(appCalling(backends)).get('/check/boom');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Upstream service failed', code: 'upstream_error' });
    expect(res.text).not.toContain('handlers.js');
  });

  it('maps an unreachable backend (UNAVAILABLE) to 502', async () => {
    const res = await request(appCalling(downBackends)).get('/check/any');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Upstream service unavailable', code: 'upstream_unavailable' });
  });

  it('shares one channel between the service client and the health client', () => {
    expect(backends.link.health.getChannel()).toBe(backends.link.client.getChannel());
    expect(backends.billing.client.getChannel()).not.toBe(backends.link.client.getChannel());
  });
});
