import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import request from 'supertest';
import { Phase, Plan, State } from '@ferry/contracts/billing/v1';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createAccessGate, SUBSCRIPTION_EXPIRED_TEXT, type AccessGate } from '../src/billing/access-gate.js';
import type { GatewayConfig } from '../src/config.js';
import { createBackends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { startLinkFeatures, type LinkFeatures } from '../src/links/features.js';
import { gatewaySigner } from './backend-policies.js';
import { fakeAuth } from './fake-auth.js';
import { fail, startFakeBilling, type FakeBilling } from './fake-billing.js';
import { startFakeLink } from './fake-link.js';
import { capturingLogger } from './helpers.js';

const DRIVE = 'http://drive.test:4100';
const FILE = (n: number) => `1AbCdEfGhI${n}KlMnOpQrStUvWxYz012345`;

/** A gateway with links and billing wired as gateway.ts wires them: one gate, told by the billing routes. */
async function startGateway(linkPort: number, billingPort: number) {
  const backends = createBackends(
    { link: `127.0.0.1:${linkPort}`, notification: `127.0.0.1:${linkPort}`, billing: `127.0.0.1:${billingPort}` },
    gatewaySigner(),
  );
  const { logger, lines } = capturingLogger();
  const config = {
    GRPC_DEADLINE_MS: 1_000,
    PUBLIC_ORIGIN: 'http://ferry.test',
    DRIVE_DOWNLOAD_ORIGIN: DRIVE,
    DRIVE_SCAN_THRESHOLD_BYTES: 1000,
  } as GatewayConfig;
  const features: LinkFeatures = startLinkFeatures(config, backends, undefined, logger, () => false)!;
  const access: AccessGate = createAccessGate({ billing: backends.billing.client, grpcDeadlineMs: 1_000, logger });
  const app = createApp({
    logger,
    health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
    links: { ...features.routeDeps, authenticate: fakeAuth, requireAccess: access.requireAccess },
    billing: {
      billing: backends.billing.client,
      grpcDeadlineMs: 1_000,
      authenticate: fakeAuth,
      publicOrigin: 'http://ferry.test',
      testClock: true,
      access,
    },
  });
  const server = http.createServer((req, res) => void (features.redirect(req, res) || app(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    lines,
    stop: async () => {
      await new Promise((r) => server.close(r));
      await features.stop();
      backends.close();
    },
  };
}

type Gateway = Awaited<ReturnType<typeof startGateway>>;

describe('the 402 gate on new links', () => {
  let link: Awaited<ReturnType<typeof startFakeLink>>;
  let billing: FakeBilling;
  let gw: Gateway;
  let n = 0;

  const as = (user: string) => ({ Authorization: `Bearer tok-${user}` });
  const shorten = (user = 'ann', path = '/api/shorten') =>
    request(gw.server)
      .post(path)
      .set(as(user))
      .send({ fileId: FILE(n++ % 10), fileName: 'a.txt' });
  const expire = (email = 'ann@example.com') =>
    billing.set(email, {
      phase: Phase.PHASE_EXPIRED,
      state: State.STATE_EXPIRED,
      remainingDays: 0,
      paidUntil: new Date(Date.now() - 1000),
    });
  const statusCalls = () => billing.callsOf('getAccessStatus').length;

  beforeAll(async () => {
    link = await startFakeLink();
    billing = await startFakeBilling();
  });
  beforeEach(async () => {
    await gw?.stop();
    billing.reset();
    link.rows.clear();
    gw = await startGateway(link.port, billing.port);
  });
  afterAll(async () => {
    await gw?.stop();
    await link.stop();
    billing.stop();
  });

  it('lets a trial user create links, asking billing once per user for a while', async () => {
    await request(gw.server).post('/api/trial/start').set(as('ann')).send({}).expect(200);
    for (let i = 0; i < 3; i++) expect((await shorten()).status).toBe(201);
    expect(statusCalls()).toBe(1);
    expect(billing.callsOf('getAccessStatus')[0]!.user).toEqual({ sub: 'sub-ann', email: 'ann@example.com' });
    // Another user is asked about separately.
    await request(gw.server).post('/api/trial/start').set(as('bob')).send({}).expect(200);
    expect((await shorten('bob')).status).toBe(201);
    expect(statusCalls()).toBe(2);
  });

  it('starts the trial of an account that has none (the shell’s start is best effort)', async () => {
    const res = await shorten('cid');
    expect(res.status).toBe(201);
    expect(billing.callsOf('startTrial').map((c) => c.user?.email)).toEqual(['cid@example.com']);
    expect(billing.accounts.get('cid@example.com')!.status.state).toBe(State.STATE_TRIAL);
  });

  it('answers 402 subscription_expired on both shorten routes once the trial has ended, and creates nothing', async () => {
    expire();
    for (const path of ['/api/shorten', '/api/shorten/create']) {
      const res = await shorten('ann', path);
      expect(res.status, path).toBe(402);
      expect(res.body).toEqual({ error: SUBSCRIPTION_EXPIRED_TEXT, code: 'subscription_expired' });
    }
    expect(link.rows.size).toBe(0);
    // An expired answer is not cached: billing is asked every time.
    expect(statusCalls()).toBe(2);
  });

  it('keeps everything else of an expired account working: its downloads, extend and delete', async () => {
    await request(gw.server).post('/api/trial/start').set(as('ann')).send({}).expect(200);
    const made = await shorten();
    expect(made.status).toBe(201);
    const { slug } = made.body as { slug: string };
    await request(gw.server).post('/api/dev/clock/advance').set(as('ann')).send({ days: 91 }).expect(200);
    expect((await shorten()).status).toBe(402);

    const download = await request(gw.server).get(`/api/d/${slug}`);
    expect(download.status).toBe(302);
    expect(download.headers.location).toMatch(new RegExp(`^${DRIVE}/uc\\?id=`));
    expect((await request(gw.server).get(`/api/download?id=${slug}`)).status).toBe(302);
    expect((await request(gw.server).patch('/api/shorten').set(as('ann')).send({ slug })).status).toBe(200);
    expect((await request(gw.server).delete('/api/shorten').set(as('ann')).send({ slug })).status).toBe(204);
  });

  it('lets cancelled, scheduled and past-due accounts create links (access lasts until the period or grace ends)', async () => {
    const states = [State.STATE_CANCELLED, State.STATE_SCHEDULED, State.STATE_PAST_DUE, State.STATE_ACTIVE];
    for (const [i, state] of states.entries()) {
      const user = ['dan', 'eve', 'fay', 'gus'][i]!;
      billing.set(`${user}@example.com`, { phase: Phase.PHASE_PAID, plan: Plan.PLAN_MONTHLY, state });
      expect((await shorten(user)).status, State[state]).toBe(201);
    }
  });

  it('moving the clock past the trial closes the gate at once, though "allowed" was cached', async () => {
    await request(gw.server).post('/api/trial/start').set(as('ann')).send({}).expect(200);
    expect((await shorten()).status).toBe(201);
    const moved = await request(gw.server).post('/api/dev/clock/advance').set(as('ann')).send({ days: 91 });
    expect(moved.body.state).toBe('expired');
    expect((await shorten()).status).toBe(402);
  });

  it('paying unlocks at once; a Stripe event makes the gate ask again for everyone', async () => {
    expire();
    expect((await shorten()).status).toBe(402);
    billing.set('ann@example.com', { phase: Phase.PHASE_PAID, plan: Plan.PLAN_YEARLY, state: State.STATE_ACTIVE });
    expect((await shorten()).status).toBe(201);
    // Cached now: an end that billing learns of elsewhere is not seen…
    expire();
    expect((await shorten()).status).toBe(201);
    // …until a Stripe event arrives (it names a customer, not a user).
    await request(gw.server)
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', 't=1,v1=x')
      .set('Content-Type', 'application/json')
      .send('{}')
      .expect(200);
    expect((await shorten()).status).toBe(402);
  });

  it('a duplicate Stripe event changes nothing and keeps the cache', async () => {
    billing.set('ann@example.com', { state: State.STATE_TRIAL });
    expect((await shorten()).status).toBe(201);
    expire();
    await request(gw.server)
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', 'dup')
      .set('Content-Type', 'application/json')
      .send('{}')
      .expect(200);
    expect((await shorten()).status).toBe(201);
  });

  it('fails open when billing errs, and logs it', async () => {
    expire();
    billing.failNext('getAccessStatus', fail(grpc.status.UNAVAILABLE, 'down'));
    expect((await shorten()).status).toBe(201);
    expect(gw.lines.filter((l) => String(l.msg).startsWith('access gate'))).toEqual([
      expect.objectContaining({ level: 40, code: 'UNAVAILABLE' }),
    ]);
    // Not cached: the next request is checked again.
    expect((await shorten()).status).toBe(402);
  });

  it('fails open when billing cannot be reached at all', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const lonely = await startGateway(link.port, port);
    try {
      const res = await request(lonely.server)
        .post('/api/shorten')
        .set(as('ann'))
        .send({ fileId: FILE(1) });
      expect(res.status).toBe(201);
      expect(lonely.lines.some((l) => String(l.msg).startsWith('access gate') && l.code === 'UNAVAILABLE')).toBe(true);
    } finally {
      await lonely.stop();
    }
  });
});
