import * as grpc from '@grpc/grpc-js';
import { ShareEmailKind } from '@ferry/contracts/notification/v1';
import { checkHealth } from '@ferry/service-kit';
import { portIsClosed, watchHealth } from '@ferry/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_SERVICE_NAME } from '../src/server.js';
import { callUnary, migratedPostgres, startNotification, type RunningNotification } from './harness.js';

describe('notification server on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningNotification;

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startNotification(database.url);
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('listens on a free port and reports SERVING for "" and the notification service', async () => {
    expect(running.server.port).toBeGreaterThan(0);
    expect(await checkHealth(running.health, '', 2000)).toBe('SERVING');
    expect(await checkHealth(running.health, NOTIFICATION_SERVICE_NAME, 2000)).toBe('SERVING');
  });

  it('answers every RPC (nothing is UNIMPLEMENTED any more)', async () => {
    const copy = await callUnary(running.notification.logCopyLink.bind(running.notification), {
      caller: { sub: 'sub-1', email: 'ann@example.com' },
      link: '',
      slug: '',
    });
    expect(copy.err).toBeNull();
    const share = await callUnary(running.notification.sendShareEmail.bind(running.notification), {
      caller: { sub: 'sub-1', email: 'ann@example.com' },
      kind: ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      shareRequestId: 'req-1',
      recipients: ['bob@example.com'],
      fileName: 'a.txt',
      sizeBytes: '3',
      sizeLabel: '3 B',
      downloadUrl: 'http://localhost:8080/r/AbCdEfGh',
      message: 'hi',
      subdomain: 'ann',
      slug: 'AbCdEfGh',
      locale: 'en',
      downloadPageUrl: 'http://localhost:8080/r/AbCdEfGh',
      fileDownloadUrl: 'http://localhost:8080/api/d/AbCdEfGh',
      code: '',
    });
    expect(share.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(share.err?.details).toBe('share_request_id must be a UUID');
    const event = await callUnary(running.notification.recordFirstDownload.bind(running.notification), {
      idempotencyKey: 'first-download/2',
      linkId: '1',
      slug: 'AbCdEfGh',
      ownerEmail: 'ann@example.com',
      ownerSubdomain: 'ann',
      fileName: 'a.txt',
      sizeBytes: '3',
      locale: 'en',
    });
    expect(event.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });
});

describe('notification server shutdown', () => {
  it('reports NOT_SERVING, then closes its port', async () => {
    const database = await migratedPostgres();
    const running = await startNotification(database.url);
    try {
      const watch = watchHealth(running.health, NOTIFICATION_SERVICE_NAME);
      await watch.reached('SERVING');
      await Promise.all([running.server.shutdown(500), watch.reached('NOT_SERVING')]);
      expect(watch.statuses).toEqual(['SERVING', 'NOT_SERVING']);
      expect(await portIsClosed(running.server.port)).toBe(true);
    } finally {
      await running.stop();
      await database.drop();
    }
  });
});
