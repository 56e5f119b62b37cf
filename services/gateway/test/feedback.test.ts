import * as grpc from '@grpc/grpc-js';
import request from 'supertest';
import {
  NotificationServiceService,
  type NotificationServiceServer,
  type SendFeedbackRequest,
} from '@ferry/contracts/notification/v1';
import { verifiedCaller } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { startRedis, type RunningServer } from '@ferry/testkit';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { FeedbackLimits } from '../src/feedback/feedback-limits.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { clientAddress } from '../src/http/client-address.js';
import { gatewaySigner, notificationPolicies } from './backend-policies.js';
import { silentLogger } from './helpers.js';

/** Records SendFeedback calls with the verified caller; `refuseNext` answers the next with an error. */
async function startFakeNotification() {
  const calls: Array<SendFeedbackRequest & { caller: string }> = [];
  let refuseNext: grpc.status | undefined;
  const { server, port } = await startTestGrpcServer(
    NotificationServiceService,
    {
      sendFeedback(call: grpc.ServerUnaryCall<SendFeedbackRequest, unknown>, cb: grpc.sendUnaryData<unknown>) {
        if (refuseNext !== undefined) {
          const code = refuseNext;
          refuseNext = undefined;
          cb(Object.assign(new Error('refused'), { code, details: 'refused', metadata: new grpc.Metadata() }));
          return;
        }
        calls.push({ ...call.request, caller: verifiedCaller(call).principal });
        cb(null, { accepted: true, status: 1 });
      },
    } as unknown as NotificationServiceServer,
    notificationPolicies,
  );
  return { port, calls, refuse: (code: grpc.status) => (refuseNext = code), stop: () => server.forceShutdown() };
}

const UUID = '0b7c6a52-3f0e-4d5e-9a1b-2c3d4e5f6a7b';

describe('POST /api/feedback', () => {
  let notification: Awaited<ReturnType<typeof startFakeNotification>>;
  let backends: Backends;
  const appWith = (limits: FeedbackLimits) =>
    createApp({
      logger: silentLogger(),
      health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
      backends,
      grpcDeadlineMs: 2_000,
      trustProxy: clientAddress(['127.0.0.1', '::1']).trust,
      feedback: { notification: backends.notification.client, grpcDeadlineMs: 2_000, limits },
    });
  let app: ReturnType<typeof createApp>;
  const post = (body: unknown, from = '203.0.113.7') =>
    request(app)
      .post('/api/feedback')
      .set('X-Forwarded-For', from)
      .send(body as object);

  beforeAll(async () => {
    notification = await startFakeNotification();
    backends = createBackends(
      {
        link: `127.0.0.1:${notification.port}`,
        notification: `127.0.0.1:${notification.port}`,
        billing: `127.0.0.1:${notification.port}`,
      },
      gatewaySigner(),
    );
  });
  beforeEach(() => {
    notification.calls.length = 0;
    app = appWith(new FeedbackLimits({ perClientPerHour: 3, globalPerHour: 5 }));
  });
  afterAll(() => {
    backends?.close();
    notification?.stop();
  });

  it('sends the message as the gateway itself, with the reply address, the counted page and the language', async () => {
    const res = await post({
      message: ' Nice!\nMore languages? ',
      replyTo: 'vera@example.com',
      page: '/r/Ab3dEf9h?x=secret',
      language: 'de-AT',
      requestId: UUID,
    }).expect(200);
    expect(res.body).toEqual({ ok: true, requestId: UUID });
    expect(notification.calls).toEqual([
      {
        idempotencyKey: `feedback/${UUID}`,
        message: ' Nice!\nMore languages? ',
        replyTo: 'vera@example.com',
        page: '/r/:code',
        language: 'de',
        caller: 'gateway',
      },
    ]);
  });

  it('makes up a request id when none (or no UUID) is given', async () => {
    const res = await post({ message: 'hi', requestId: 'nope' }).expect(200);
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(notification.calls[0]!.idempotencyKey).toBe(`feedback/${res.body.requestId}`);
    expect(notification.calls[0]!.page).toBe('/');
  });

  it('refuses an empty, too long or control-laden message and a bad reply address with 400, sending nothing', async () => {
    for (const body of [
      {},
      { message: '  ' },
      { message: 'x'.repeat(2_001) },
      { message: 'a\rb' },
      { message: 'hi', replyTo: 'not-an-address' },
      { message: 'hi', replyTo: 'a@b.co\nBcc: x@y.z' },
    ]) {
      const res = await post(body).expect(400);
      expect(res.body.code).toBe('invalid_argument');
    }
    expect(notification.calls).toHaveLength(0);
  });

  it('caps the body at 8 KB (413)', async () => {
    const res = await post({ message: 'hi', padding: 'x'.repeat(9_000) }).expect(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('limits each client, then everyone, with a 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) await post({ message: `m${i}` }, '198.51.100.1').expect(200);
    const over = await post({ message: 'one more' }, '198.51.100.1').expect(429);
    expect(over.body).toEqual({ error: 'Too many messages right now. Please try again later.', code: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address of the same IPv6 /64 shares the budget; another client has its own…
    for (let i = 0; i < 3; i++) await post({ message: `v6 ${i}` }, `2001:db8:1:2::${i + 1}`).expect(i < 2 ? 200 : 429);
    // …until the global budget (5) is used up for everyone.
    await post({ message: 'fresh client' }, '192.0.2.9').expect(429);
    expect(notification.calls).toHaveLength(5);
  });

  it('answers 503 not_configured when the notification service has no team address', async () => {
    notification.refuse(grpc.status.FAILED_PRECONDITION);
    const res = await post({ message: 'hi' }).expect(503);
    expect(res.body.code).toBe('not_configured');
  });
});

describe('FeedbackLimits with Redis: one budget for every gateway', () => {
  let redis: RunningServer;
  let clients: Array<ReturnType<typeof createClient>>;
  beforeAll(async () => {
    redis = await startRedis();
    clients = [createClient({ url: redis.url }), createClient({ url: redis.url })];
    await Promise.all(clients.map((c) => c.connect()));
  });
  afterAll(async () => {
    await Promise.all((clients ?? []).map((c) => c.close()));
    await redis?.stop();
  });

  it('counts a client across two gateways', async () => {
    const [a, b] = clients.map(
      (c) => new FeedbackLimits({ perClientPerHour: 2, globalPerHour: 100 }, { redis: c }),
    ) as [FeedbackLimits, FeedbackLimits];
    expect(await a.admit('203.0.113.50')).toBeUndefined();
    expect(await b.admit('203.0.113.50')).toBeUndefined();
    expect(await a.admit('203.0.113.50')).toMatchObject({ limit: 'client' });
    expect(await b.admit('203.0.113.51')).toBeUndefined();
  });
});
