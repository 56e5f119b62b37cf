import * as grpc from '@grpc/grpc-js';
import type { RequestHandler } from 'express';
import request from 'supertest';
import {
  NotificationServiceService,
  ShareEmailKind,
  type LogCopyLinkRequest,
  type NotificationServiceServer,
  type SendShareEmailRequest,
} from '@ferry/contracts/notification/v1';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { linkCodeFrom } from '../src/routes/share-email.js';
import { startFakeLink } from './fake-link.js';
import { silentLogger } from './helpers.js';
import { verifiedUser, type AssertedUser } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { gatewaySigner, notificationPolicies } from './backend-policies.js';

const ORIGIN = 'http://ferry.test';

/** Stands in for requireAuth: `Bearer tok-<name>` is the user <name>. */
const fakeAuth: RequestHandler = (req, res, next) => {
  const m = /^Bearer tok-([a-z]+)$/.exec(req.headers.authorization ?? '');
  if (!m) {
    res.status(401).json({ error: 'Sign-in required', code: 'unauthenticated' });
    return;
  }
  const email = m[1] === 'nomail' ? '' : `${m[1]}@example.com`;
  req.auth = { sub: `sub-${m[1]}`, email, token: `drive-${m[1]}`, identity: { sub: `sub-${m[1]}`, email } as never };
  next();
};

const fail = (code: grpc.status, details: string): grpc.ServiceError =>
  Object.assign(new Error(details), { code, details, metadata: new grpc.Metadata() });

/** Records every call; `failNext` answers the next SendShareEmail of a kind with an error. */
async function startFakeNotification() {
  // Each with the user of the call's verified assertion (the stand-in enforces the gateway's identity).
  const shares: Array<SendShareEmailRequest & { sentBy: AssertedUser }> = [];
  const copies: Array<LogCopyLinkRequest & { sentBy: AssertedUser }> = [];
  const failNext = new Map<ShareEmailKind, grpc.ServiceError>();
  const { server, port } = await startTestGrpcServer(
    NotificationServiceService,
    {
      sendShareEmail(call: grpc.ServerUnaryCall<SendShareEmailRequest, unknown>, cb: grpc.sendUnaryData<unknown>) {
        const err = failNext.get(call.request.kind);
        if (err) {
          failNext.delete(call.request.kind);
          cb(err);
          return;
        }
        shares.push({ ...call.request, sentBy: verifiedUser(call) });
        const to =
          call.request.kind === ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER
            ? call.request.recipients
            : [verifiedUser(call).email];
        cb(null, {
          shareRequestId: call.request.shareRequestId,
          messages: to.map((t) => ({ idempotencyKey: `k/${t}`, to: t.toLowerCase(), status: 1 })),
        });
      },
      logCopyLink(call: grpc.ServerUnaryCall<LogCopyLinkRequest, unknown>, cb: grpc.sendUnaryData<unknown>) {
        copies.push({ ...call.request, sentBy: verifiedUser(call) });
        cb(null, {});
      },
    } as unknown as NotificationServiceServer,
    notificationPolicies,
  );
  return { port, shares, copies, failNext, stop: () => server.forceShutdown() };
}

describe('POST /api/share-email', () => {
  let link: Awaited<ReturnType<typeof startFakeLink>>;
  let notification: Awaited<ReturnType<typeof startFakeNotification>>;
  let backends: Backends;
  let app: ReturnType<typeof createApp>;

  const post = (body: unknown, user: string | null = 'ann') => {
    const r = request(app).post('/api/share-email');
    if (user) r.set('Authorization', `Bearer tok-${user}`);
    return r.send(body as object);
  };

  beforeAll(async () => {
    link = await startFakeLink();
    notification = await startFakeNotification();
    backends = createBackends(
      {
        link: `127.0.0.1:${link.port}`,
        notification: `127.0.0.1:${notification.port}`,
        billing: `127.0.0.1:${link.port}`,
      },
      gatewaySigner(),
    );
    app = createApp({
      logger: silentLogger(),
      health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
      backends,
      grpcDeadlineMs: 2_000,
      shareEmail: {
        notification: backends.notification.client,
        link: backends.link.client,
        grpcDeadlineMs: 2_000,
        publicOrigin: ORIGIN,
        authenticate: fakeAuth,
      },
    });
    const base = { driveFileId: '1AbCdEfGhIjKlMnOpQrStUvWxYz012345', sizeBytes: 5 * 1024 * 1024, count: 0 };
    link.rows.set('AnnLink_0001', {
      ...base,
      slug: 'AnnLink_0001',
      ownerSub: 'sub-ann',
      ownerEmail: 'Ann@example.com',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    link.rows.set('BobLink_0001', {
      ...base,
      slug: 'BobLink_0001',
      ownerSub: 'sub-bob',
      ownerEmail: 'bob@example.com',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    link.rows.set('AnnGone_0001', {
      ...base,
      slug: 'AnnGone_0001',
      ownerSub: 'sub-ann',
      ownerEmail: 'ann@example.com',
      expiresAt: new Date(Date.now() - 1_000),
    });
  });
  beforeEach(() => {
    notification.shares.length = 0;
    notification.copies.length = 0;
  });
  afterAll(async () => {
    backends?.close();
    notification?.stop();
    await link?.stop();
  });

  it('queues the receiver mail for every recipient and the uploader copy; the sender is the token identity', async () => {
    const res = await post({
      slug: 'AnnLink_0001',
      recipients: ' bob@example.com; eve@example.org,bob@example.com\n carol@example.net ',
      message: 'Hi!\nThe photos.',
      uploaderEmail: 'mallory@evil.test',
      locale: 'nl',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      message: 'Email sent successfully!',
      recipients: ['bob@example.com', 'eve@example.org', 'carol@example.net'],
    });
    expect(notification.shares.map((s) => s.kind)).toEqual([
      ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY,
    ]);
    const [receiver, copy] = notification.shares;
    expect(receiver!.caller).toBeUndefined();
    expect(receiver).toMatchObject({
      sentBy: { sub: 'sub-ann', email: 'ann@example.com' },
      recipients: ['bob@example.com', 'eve@example.org', 'carol@example.net'],
      fileName: 'file.bin',
      sizeBytes: String(5 * 1024 * 1024),
      downloadUrl: `${ORIGIN}/r/AnnLink_0001`,
      fileDownloadUrl: `${ORIGIN}/api/d/AnnLink_0001`,
      message: 'Hi!\nThe photos.',
      slug: 'AnnLink_0001',
      locale: 'nl',
    });
    expect(copy!.shareRequestId).toBe(receiver!.shareRequestId);
  });

  it('reads the link from a download URL on Ferry’s origin (also a sender subdomain)', async () => {
    expect((await post({ downloadUrl: `${ORIGIN}/r/AnnLink_0001`, recipients: 'bob@example.com' })).status).toBe(200);
    expect(linkCodeFrom({ downloadUrl: 'http://ann.ferry.test/AnnLink_0001' }, ORIGIN)).toBe('AnnLink_0001');
    expect(linkCodeFrom({ downloadUrl: `${ORIGIN}/api/d/AnnLink_0001` }, ORIGIN)).toBe('AnnLink_0001');
    expect(linkCodeFrom({ downloadUrl: 'http://evil.test/r/AnnLink_0001' }, ORIGIN)).toBeUndefined();
    expect(linkCodeFrom({ downloadUrl: 'http://ferry.test.evil.test/r/AnnLink_0001' }, ORIGIN)).toBeUndefined();
  });

  it('refuses bad input with 4xx and the spec texts, and queues no mail', async () => {
    const cases: Array<[unknown, string | null, number, string | RegExp]> = [
      [{ slug: 'AnnLink_0001', recipients: '' }, 'ann', 400, 'Please enter at least one email address'],
      [{ slug: 'AnnLink_0001' }, 'ann', 400, 'Please enter at least one email address'],
      [{ slug: 'AnnLink_0001', recipients: 'a@' }, 'ann', 400, 'Please enter at least one email address'],
      [
        { slug: 'AnnLink_0001', recipients: 'bob@example.com, nobody' },
        'ann',
        400,
        'Please enter at least one email address',
      ],
      [
        { slug: 'AnnLink_0001', recipients: ['bob@example.com', 42] },
        'ann',
        400,
        'Please enter at least one email address',
      ],
      [
        { slug: 'AnnLink_0001', recipients: 'bob@example.com', message: 'hi\r\nBcc: x@evil.test' },
        'ann',
        400,
        /carriage returns/,
      ],
      [
        { slug: 'AnnLink_0001', recipients: 'bob@example.com', fileName: 'a.zip\r\nBcc: x@evil.test' },
        'ann',
        400,
        /one line/,
      ],
      [{ slug: 'AnnLink_0001', recipients: 'bob@example.com', message: 'x'.repeat(2001) }, 'ann', 400, /at most 2000/],
      [{ recipients: 'bob@example.com' }, 'ann', 400, 'Unable to determine download URL.'],
      [
        { downloadUrl: 'https://evil.test/r/AnnLink_0001', recipients: 'bob@example.com' },
        'ann',
        400,
        'Unable to determine download URL.',
      ],
      [{ slug: 'AnnLink_0001', recipients: 'bob@example.com' }, 'nomail', 400, 'Unable to determine sender email.'],
      [
        { slug: 'BobLink_0001', recipients: 'eve@example.com' },
        'ann',
        403,
        'You can only e-mail links to your own files',
      ],
      [{ slug: 'Missing_0001', recipients: 'eve@example.com' }, 'ann', 404, /can't find this file/],
      [{ slug: 'AnnGone_0001', recipients: 'eve@example.com' }, 'ann', 410, /expired/],
      [{ slug: 'AnnLink_0001', recipients: 'bob@example.com' }, null, 401, 'Sign-in required'],
    ];
    for (const [body, user, status, error] of cases) {
      const res = await post(body, user);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    expect(notification.shares).toEqual([]);
  });

  it('passes the notification service’s refusals through (200 recipients → 400, limits → 429)', async () => {
    notification.failNext.set(
      ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      fail(grpc.status.INVALID_ARGUMENT, 'At most 50 recipients per e-mail'),
    );
    const many = Array.from({ length: 200 }, (_, i) => `r${i}@example.com`).join(',');
    const tooMany = await post({ slug: 'AnnLink_0001', recipients: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('At most 50 recipients per e-mail');

    notification.failNext.set(
      ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      fail(
        grpc.status.RESOURCE_EXHAUSTED,
        'Too many e-mails: you can send to at most 100 recipients per hour (0 left). Please try again later.',
      ),
    );
    const limited = await post({ slug: 'AnnLink_0001', recipients: 'bob@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many e-mails/);
  });

  it('a 429 says when to retry: Retry-After carries the seconds the notification service sent (a garbled value is dropped)', async () => {
    const limit = (seconds: string) => {
      const err = fail(
        grpc.status.RESOURCE_EXHAUSTED,
        'Too many e-mails: you can send to at most 100 recipients per hour (0 left). Please try again later.',
      );
      err.metadata.set('ferry-retry-after', seconds);
      return err;
    };
    notification.failNext.set(ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER, limit('2400'));
    const limited = await post({ slug: 'AnnLink_0001', recipients: 'bob@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('2400');
    notification.failNext.set(ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER, limit('soon; x'));
    const garbled = await post({ slug: 'AnnLink_0001', recipients: 'bob@example.com' });
    expect(garbled.status).toBe(429);
    expect(garbled.headers['retry-after']).toBeUndefined();
  });

  it("answers 'receiver mail failed' / 'uploader mail failed' when the notification service fails", async () => {
    notification.failNext.set(
      ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      fail(grpc.status.UNAVAILABLE, 'connection refused'),
    );
    const a = await post({ slug: 'AnnLink_0001', recipients: 'bob@example.com' });
    expect(a.status).toBe(502);
    expect(a.body.error).toBe('receiver mail failed');
    notification.failNext.set(ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY, fail(grpc.status.INTERNAL, 'db down'));
    const b = await post({ slug: 'AnnLink_0001', recipients: 'bob@example.com' });
    expect(b.status).toBe(502);
    expect(b.body.error).toBe('uploader mail failed');
  });

  it('logs a copied link (via copy) for the signed-in user', async () => {
    const res = await post({ via: 'copy', link: `${ORIGIN}/r/AnnLink_0001` });
    expect(res.status).toBe(200);
    expect(notification.copies).toEqual([
      { sentBy: { sub: 'sub-ann', email: 'ann@example.com' }, link: `${ORIGIN}/r/AnnLink_0001`, slug: 'AnnLink_0001' },
    ]);
    expect((await post({ via: 'copy' })).status).toBe(200);
    expect(notification.copies[1]).toMatchObject({ link: '', slug: '' });
    expect((await post({ via: 'copy', link: 'x' }, null)).status).toBe(401);
  });
});
