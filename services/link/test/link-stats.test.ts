import * as grpc from '@grpc/grpc-js';
import type { LinkServiceClient } from '@ferry/contracts/link/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, driveFiles, migratedPostgres, recordDownloads, startLink, type RunningLink } from './harness.js';

const ann = { sub: 'sub-stats-ann', email: 'ann@example.com' };
const eve = { sub: 'sub-stats-eve', email: 'eve@example.com' };
const FILE = '1StatsFile0_abcdefghijklmnopqrs';

describe('download statistics of a link', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let client: LinkServiceClient;
  // The service's clock, moved by the test: downloads are counted at the time it says.
  let clockMs = Date.parse('2026-03-10T21:50:00Z');

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startLink(database.url, { now: () => new Date(clockMs) });
    client = running.link;
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  const stats = (slug: string, timeZone: string, caller = ann) =>
    callUnary(client.getLinkStats.bind(client), { slug, timeZone, caller } as never);

  it('counts per day in the asked time zone, with first and last download, for the owner only', async () => {
    driveFiles.set(FILE, { owner: ann.sub, name: 'report.pdf', size: 10n });
    const made = await callUnary(client.shorten.bind(client), {
      caller: ann,
      driveAccessToken: ann.sub,
      driveFileId: FILE,
      fileName: '',
      sizeBytes: '0',
      uploaderTimeZone: '',
      uploaderLocale: 'en',
    });
    expect(made.err).toBeNull();
    const slug = made.res!.shortId;

    const empty = await stats(slug, 'UTC');
    expect(empty.res).toMatchObject({ total: '0', days: [] });
    expect(empty.res!.firstDownloadedAt).toBeUndefined();

    // 21:50 UTC on 10 March (22:50 in Amsterdam): 2 downloads; 30 min later (23:20 in Amsterdam): 1;
    // a day later: 4. In UTC the first three fall on 10 March; in Tokyo (UTC+9) on 11 March.
    const first = new Date(clockMs);
    expect((await recordDownloads(client, [{ batchId: 'stats-1', counts: [{ slug, count: '2' }] }])).err).toBeNull();
    clockMs += 30 * 60_000;
    expect((await recordDownloads(client, [{ batchId: 'stats-2', counts: [{ slug, count: '1' }] }])).err).toBeNull();
    clockMs += 86_400_000;
    const last = new Date(clockMs);
    expect((await recordDownloads(client, [{ batchId: 'stats-3', counts: [{ slug, count: '4' }] }])).err).toBeNull();

    const utc = await stats(slug, 'UTC');
    expect(utc.err).toBeNull();
    expect(utc.res!.total).toBe('7');
    expect(utc.res!.days).toEqual([
      { date: '2026-03-10', downloads: '3' },
      { date: '2026-03-11', downloads: '4' },
    ]);
    expect(utc.res!.firstDownloadedAt).toEqual(first);
    expect(utc.res!.lastDownloadedAt).toEqual(last);
    // India is 5:30 ahead: 03:20 and 03:50 on 11 March, then 12 March.
    expect((await stats(slug, 'Asia/Kolkata')).res!.days).toEqual([
      { date: '2026-03-11', downloads: '3' },
      { date: '2026-03-12', downloads: '4' },
    ]);

    // Another user learns nothing, not even that the link exists.
    const other = await stats(slug, 'UTC', eve);
    expect(other.err?.code).toBe(grpc.status.NOT_FOUND);
    expect(other.res).toBeUndefined();
    expect((await stats(slug, 'Mars/Olympus')).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await stats(slug, "UTC'; DROP TABLE links; --")).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });
});
