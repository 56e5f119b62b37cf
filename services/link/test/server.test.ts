import * as grpc from '@grpc/grpc-js';
import { checkHealth, deadline } from '@ferry/service-kit';
import { portIsClosed, watchHealth } from '@ferry/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SERVICE_NAME } from '../src/server.js';
import { callUnary, migratedPostgres, startLink, type RunningLink } from './harness.js';

describe('link server on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startLink(database.url);
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('listens on a free port and reports SERVING for "" and the link service', async () => {
    expect(running.server.port).toBeGreaterThan(0);
    expect(await checkHealth(running.health, '', 2000)).toBe('SERVING');
    expect(await checkHealth(running.health, LINK_SERVICE_NAME, 2000)).toBe('SERVING');
  });

  it('answers UNIMPLEMENTED for RPCs that arrive with issue 5', async () => {
    const { err } = await callUnary(running.link.shorten.bind(running.link), {
      caller: { sub: 'sub-1', email: 'ann@example.com' },
      driveAccessToken: 'token',
      driveFileId: 'file-1',
      fileName: 'a.txt',
      sizeBytes: '3',
      uploaderTimeZone: 'Europe/Amsterdam',
      uploaderLocale: 'nl',
    });
    expect(err?.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(err?.details).toBe('LinkService.Shorten is not implemented yet (arrives with issue 5, short links)');

    const resolved = await callUnary(running.link.resolveLink.bind(running.link), { slug: 'AbCdEfGh', ownerSubdomain: '' });
    expect(resolved.err?.code).toBe(grpc.status.UNIMPLEMENTED);
  });

  it('answers UNIMPLEMENTED on the client-streaming RecordDownloads', async () => {
    const err = await new Promise<grpc.ServiceError | null>((resolve) => {
      const stream = running.link.recordDownloads(new grpc.Metadata(), deadline(5000), (e) => resolve(e));
      stream.write({ batchId: 'b1', counts: [{ slug: 'AbCdEfGh', count: '1' }] });
      stream.end();
    });
    expect(err?.code).toBe(grpc.status.UNIMPLEMENTED);
  });
});

describe('link server shutdown', () => {
  it('reports NOT_SERVING, then closes its port', async () => {
    const database = await migratedPostgres();
    const running = await startLink(database.url);
    try {
      const watch = watchHealth(running.health, LINK_SERVICE_NAME);
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
