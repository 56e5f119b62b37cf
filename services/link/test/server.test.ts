import * as grpc from '@grpc/grpc-js';
import { LinkStatus, type LinkServiceClient, type WatchInvalidationsResponse } from '@ferry/contracts/link/v1';
import { checkHealth } from '@ferry/service-kit';
import { portIsClosed, watchHealth } from '@ferry/service-kit/testing';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SERVICE_NAME } from '../src/server.js';
import { callUnary, driveFiles, migratedPostgres, recordDownloads, startLink, type RunningLink } from './harness.js';

const ann = { sub: 'sub-ann', email: 'Ann.Smith@example.com' };
const bob = { sub: 'sub-bob', email: 'bob@example.com' };
const ANN_FILE = '1AnnFileId_abcdefghijklmnopqrstu';
const BOB_FILE = '1BobFileId_abcdefghijklmnopqrstu';

function shorten(client: LinkServiceClient, caller: typeof ann, fileId: string, expiresAt?: Date) {
  return callUnary(client.shorten.bind(client), {
    caller,
    driveAccessToken: caller.sub,
    driveFileId: fileId,
    fileName: 'body says evil.exe',
    sizeBytes: '1',
    expiresAt,
    uploaderTimeZone: 'Europe/Amsterdam',
    uploaderLocale: 'nl',
  });
}

describe('link server on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;

  beforeAll(async () => {
    driveFiles.set(ANN_FILE, { owner: ann.sub, name: 'report.pdf', size: 5_000_000_000n });
    driveFiles.set(BOB_FILE, { owner: bob.sub, name: 'bob.zip', size: 10n });
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

  it('shortens a verified file with an 11-character slug, name and size from the drive, 7 days', async () => {
    const before = Date.now();
    const { err, res } = await shorten(running.link, ann, ANN_FILE);
    expect(err).toBeNull();
    expect(res!.shortId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(res!.ownerSubdomain).toBe('annsmith');
    expect(res!.link!.fileName).toBe('report.pdf');
    expect(res!.link!.sizeBytes).toBe('5000000000');
    expect(res!.link!.status).toBe(LinkStatus.LINK_STATUS_ACTIVE);
    const validity = res!.link!.expiresAt!.getTime() - before;
    expect(validity).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validity).toBeLessThanOrEqual(7 * 86_400_000 + 1000);
    // Every call makes a new, never reused slug.
    expect((await shorten(running.link, ann, ANN_FILE)).res!.shortId).not.toBe(res!.shortId);
  });

  it('keeps the expiry chosen at upload; refuses one in the past or past the 30-day cap with a reason', async () => {
    const before = Date.now();
    const fourteen = new Date(before + 14 * 86_400_000);
    const chosen = await shorten(running.link, ann, ANN_FILE, fourteen);
    expect(chosen.err).toBeNull();
    expect(chosen.res!.link!.expiresAt!.getTime()).toBe(fourteen.getTime());
    const past = await shorten(running.link, ann, ANN_FILE, new Date(before - 1000));
    expect(past.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(past.err?.metadata.get('ferry-error-code')).toEqual(['expiry_in_past']);
    const far = await shorten(running.link, ann, ANN_FILE, new Date(before + 31 * 86_400_000));
    expect(far.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(far.err?.metadata.get('ferry-error-code')).toEqual(['expiry_past_cap']);
  });

  it("refuses other users' files, URLs as ids and calls without a verified caller", async () => {
    expect((await shorten(running.link, ann, BOB_FILE)).err?.code).toBe(grpc.status.NOT_FOUND);
    expect((await shorten(running.link, ann, 'https://evil.example.com/x')).err?.code).toBe(grpc.status.NOT_FOUND);
    expect((await shorten(running.link, { sub: '', email: '' }, ANN_FILE)).err?.code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('resolves, answers NOT_FOUND for unknown slugs and INVALID_ARGUMENT for hostile ones', async () => {
    const slug = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const ok = await callUnary(running.link.resolveLink.bind(running.link), { slug, ownerSubdomain: '' });
    expect(ok.res!.link!.driveFileId).toBe(ANN_FILE);
    expect(
      (await callUnary(running.link.resolveLink.bind(running.link), { slug, ownerSubdomain: 'bob' })).err?.code,
    ).toBe(grpc.status.NOT_FOUND);
    expect(
      (await callUnary(running.link.resolveLink.bind(running.link), { slug: 'Unknown_123', ownerSubdomain: '' })).err
        ?.code,
    ).toBe(grpc.status.NOT_FOUND);
    for (const hostile of ['../etc/pass', '%2Fabcdefgh', 'ünïcödé123', 'x'.repeat(10_000), 'uc']) {
      expect(
        (await callUnary(running.link.resolveLink.bind(running.link), { slug: hostile, ownerSubdomain: '' })).err?.code,
      ).toBe(grpc.status.INVALID_ARGUMENT);
    }
    const info = await callUnary(running.link.getShareInfo.bind(running.link), { slug });
    expect(info.res).toMatchObject({
      fileName: 'report.pdf',
      sizeBytes: '5000000000',
      ownerEmail: ann.email,
      ownerSubdomain: 'annsmith',
    });
    expect(
      (await callUnary(running.link.getSize.bind(running.link), { id: ANN_FILE, ownerSubdomain: '' })).res!.sizeBytes,
    ).toBe('5000000000');
  });

  it('extends by at most one day per call, owner only, and tells watchers', async () => {
    const slug = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const current = (await callUnary(running.link.resolveLink.bind(running.link), { slug, ownerSubdomain: '' })).res!
      .link!.expiresAt!;
    const heard: string[] = [];
    const watch = running.link.watchInvalidations({ epoch: '', afterSeq: '0' }, new grpc.Metadata());
    watch.on('data', (m: WatchInvalidationsResponse) => heard.push(m.slug));
    watch.on('error', () => undefined);
    await waitFor('the watch to be live', async () => heard.includes(''), 5000);

    const other = await callUnary(running.link.updateExpiry.bind(running.link), {
      caller: bob,
      slug,
      expiresAt: undefined,
    });
    expect(other.err?.code).toBe(grpc.status.NOT_FOUND);
    const greedy = await callUnary(running.link.updateExpiry.bind(running.link), {
      caller: ann,
      slug,
      expiresAt: new Date(current.getTime() + 30 * 86_400_000),
    });
    expect(greedy.res!.link!.expiresAt!.getTime()).toBe(current.getTime() + 86_400_000);
    await waitFor('the invalidation', async () => heard.includes(slug), 5000);
    watch.cancel();
  });

  it('extends up to 30 days after the upload: the last extend is clamped, the next refused with extend_limit', async () => {
    const slug = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const row = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    const cap = row.createdAt.getTime() + 30 * 86_400_000;
    const extend = () =>
      callUnary(running.link.updateExpiry.bind(running.link), { caller: ann, slug, expiresAt: undefined });
    // From 7 days: 23 whole days fit under the cap, each extend succeeds.
    let expiry = row.expiresAt.getTime();
    for (let i = 0; i < 23; i++) {
      const { err, res } = await extend();
      expect(err).toBeNull();
      expect(res!.link!.expiresAt!.getTime()).toBe(Math.min(expiry + 86_400_000, cap));
      expiry = res!.link!.expiresAt!.getTime();
    }
    expect(expiry).toBeLessThanOrEqual(cap);
    expect(cap - expiry).toBeLessThan(86_400_000);
    // What is left of the last day (the upload happened a moment before the link) is given in one last extend.
    if (expiry < cap) expect((await extend()).res!.link!.expiresAt!.getTime()).toBe(cap);
    const refused = await extend();
    expect(refused.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(refused.err?.details).toMatch(/30 days after the upload/);
    expect(refused.err?.metadata.get('ferry-error-code')).toEqual(['extend_limit']);
    expect((await running.db.prisma.link.findUniqueOrThrow({ where: { slug } })).expiresAt.getTime()).toBe(cap);
  });

  it('clamps an extend that would pass the cap to the cap exactly, whatever expiry is asked for', async () => {
    const slug = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const row = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    const cap = row.createdAt.getTime() + 30 * 86_400_000;
    await running.db.prisma.link.update({ where: { slug }, data: { expiresAt: new Date(cap - 3 * 3_600_000) } });
    const greedy = await callUnary(running.link.updateExpiry.bind(running.link), {
      caller: ann,
      slug,
      expiresAt: new Date(cap + 86_400_000),
    });
    expect(greedy.res!.link!.expiresAt!.getTime()).toBe(cap);
    // A link already past the cap (extended before the cap existed) is not shortened, only refused.
    await running.db.prisma.link.update({ where: { slug }, data: { expiresAt: new Date(cap + 5 * 86_400_000) } });
    const past = await callUnary(running.link.updateExpiry.bind(running.link), {
      caller: ann,
      slug,
      expiresAt: undefined,
    });
    expect(past.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect((await running.db.prisma.link.findUniqueOrThrow({ where: { slug } })).expiresAt.getTime()).toBe(
      cap + 5 * 86_400_000,
    );
  });

  it('replays the invalidations a reconnecting watcher missed, and asks a stranger to reset', async () => {
    const slug = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const first = await new Promise<WatchInvalidationsResponse>((resolve) => {
      const w = running.link.watchInvalidations({ epoch: '', afterSeq: '0' }, new grpc.Metadata());
      w.on('data', (m: WatchInvalidationsResponse) => {
        if (m.slug === '') {
          resolve(m);
          w.cancel();
        }
      });
      w.on('error', () => undefined);
    });
    expect(first.reset).toBe(true);
    await callUnary(running.link.updateExpiry.bind(running.link), { caller: ann, slug, expiresAt: undefined });
    const replay = (epoch: string, afterSeq: string) =>
      new Promise<WatchInvalidationsResponse[]>((resolve) => {
        const got: WatchInvalidationsResponse[] = [];
        const w = running.link.watchInvalidations({ epoch, afterSeq }, new grpc.Metadata());
        w.on('data', (m: WatchInvalidationsResponse) => {
          got.push(m);
          if (m.slug === '') {
            resolve(got);
            w.cancel();
          }
        });
        w.on('error', () => undefined);
      });
    const resumed = await replay(first.epoch, first.seq);
    expect(resumed.map((m) => m.slug)).toEqual([slug, '']);
    expect(resumed.at(-1)!.reset).toBe(false);
    const stranger = await replay('another-epoch', first.seq);
    expect(stranger).toHaveLength(1);
    expect(stranger[0]!.reset).toBe(true);
  });

  it('counts batches exactly once and writes exactly one first-download event for concurrent first downloads', async () => {
    const fresh = '1FreshFileId_abcdefghijklmnopqrs';
    driveFiles.set(fresh, { owner: ann.sub, name: 'fresh.bin', size: 1n });
    const slug = (await shorten(running.link, ann, fresh)).res!.shortId;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordDownloads(running.link, [{ batchId: `gw-a-${i}`, counts: [{ slug, count: '1' }] }]),
      ),
    );
    expect(results.every((r) => r.err === null)).toBe(true);
    const retried = await recordDownloads(running.link, [{ batchId: 'gw-a-3', counts: [{ slug, count: '1' }] }]);
    expect(retried.res).toEqual({ recorded: '0', duplicateBatches: '1' });
    expect((await callUnary(running.link.getDownloadCount.bind(running.link), { slug })).res!.count).toBe('20');
    const link = await running.db.prisma.link.findUniqueOrThrow({ where: { slug }, include: { firstDownload: true } });
    expect(link.notifiedAt).not.toBeNull();
    expect(link.firstDownload?.idempotencyKey).toBe(`first-download/${link.id}`);
    expect(await running.db.prisma.firstDownloadOutbox.count({ where: { linkId: link.id } })).toBe(1);
  });

  it('refuses batches without an id or with bad counts', async () => {
    expect((await recordDownloads(running.link, [{ batchId: '', counts: [] }])).err?.code).toBe(
      grpc.status.INVALID_ARGUMENT,
    );
    expect(
      (await recordDownloads(running.link, [{ batchId: 'b-neg', counts: [{ slug: 'AbCdEfGh123', count: '-1' }] }])).err
        ?.code,
    ).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('deletes owner-only; a deleted link resolves with status DELETED', async () => {
    const file = '1DeleteMeFile_abcdefghijklmnopqr';
    driveFiles.set(file, { owner: ann.sub, name: 'gone.txt', size: 1n });
    const slug = (await shorten(running.link, ann, file)).res!.shortId;
    expect((await callUnary(running.link.deleteLink.bind(running.link), { caller: bob, slug })).err?.code).toBe(
      grpc.status.NOT_FOUND,
    );
    expect((await callUnary(running.link.deleteLink.bind(running.link), { caller: ann, slug })).err).toBeNull();
    const resolved = await callUnary(running.link.resolveLink.bind(running.link), { slug, ownerSubdomain: '' });
    expect(resolved.res!.link!.status).toBe(LinkStatus.LINK_STATUS_DELETED);
    const list = await callUnary(running.link.listLinks.bind(running.link), {
      caller: ann,
      pageSize: 100,
      pageToken: '',
      driveFileIds: [],
    });
    expect(list.res!.links.map((l) => l.slug)).not.toContain(slug);
  });

  it('maps a token code to a link on the owner subdomain', async () => {
    const slug = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const code = 'tok3n_c0de_longer_than_16';
    const made = await callUnary(running.link.createShortlink.bind(running.link), {
      caller: ann,
      code,
      subdomain: 'annsmith',
      ttlSeconds: '5',
      slug,
    });
    expect(made.res!.slug).toBe(code);
    expect(made.res!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 55_000);
    expect(
      (await callUnary(running.link.resolveLink.bind(running.link), { slug: code, ownerSubdomain: 'annsmith' })).res!
        .link!.driveFileId,
    ).toBe(ANN_FILE);
    const foreign = await callUnary(running.link.createShortlink.bind(running.link), {
      caller: bob,
      code: 'another_token_code_x',
      subdomain: 'annsmith',
      ttlSeconds: '60',
      slug,
    });
    expect(foreign.err?.code).toBe(grpc.status.PERMISSION_DENIED);
  });

  it('resolves many codes in one call, in request order, unknown and invalid ones without a link', async () => {
    const a = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const b = (await shorten(running.link, ann, ANN_FILE)).res!.shortId;
    const code = 'batch_token_code_0001';
    await callUnary(running.link.createShortlink.bind(running.link), {
      caller: ann,
      code,
      subdomain: 'annsmith',
      ttlSeconds: '60',
      slug: a,
    });
    const codes = [b, 'Unknown_123', a, '../etc', `annsmith/${code}`];
    const { res } = await callUnary(running.link.resolveLinks.bind(running.link), { codes });
    expect(res!.results.map((r) => r.code)).toEqual(codes);
    expect(res!.results.map((r) => r.link?.slug)).toEqual([b, undefined, a, undefined, a]);
    const single = (
      await callUnary(running.link.resolveLink.bind(running.link), { slug: code, ownerSubdomain: 'annsmith' })
    ).res!.link!;
    expect(res!.results[4]!.link!.expiresAt).toEqual(single.expiresAt);
    const tooMany = await callUnary(running.link.resolveLinks.bind(running.link), {
      codes: Array.from({ length: 1001 }, () => a),
    });
    expect(tooMany.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
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
