import * as grpc from '@grpc/grpc-js';
import { LinkTestClockServiceClient } from '@ferry/contracts/link/v1/test-clock';
import { callerAssertionOptions, createCallerSigner, createGrpcClient, type Principal } from '@ferry/service-kit';
import { callUnary, testCallerKeys } from '@ferry/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkClock, MAX_CLOCK_OFFSET_MS } from '../src/clock.js';
import { TEST_CLOCK_SERVICE_NAME } from '../src/test-clock/test-clock-service.js';
import { driveFiles, migratedPostgres, recordDownloads, startLink, type RunningLink } from './harness.js';

const ann = { sub: 'sub-clock-ann', email: 'ann@example.com' };
const FILE = '1ClockFile0_abcdefghijklmnopqrs';
const DAY_S = 86_400;

/** A test-clock client whose calls carry `principal`'s assertion (none: no assertion at all). */
function clockClient(address: string, principal?: Principal): LinkTestClockServiceClient {
  if (!principal) return createGrpcClient(LinkTestClockServiceClient, address);
  const signer = createCallerSigner({ issuer: principal, privateKey: testCallerKeys()[principal].privateKey });
  return createGrpcClient(LinkTestClockServiceClient, address, callerAssertionOptions(signer, TEST_CLOCK_SERVICE_NAME));
}

const setOffset = (client: LinkTestClockServiceClient, offsetSeconds: string) =>
  callUnary(client.setClockOffset.bind(client), { offsetSeconds });

describe('the link service’s test clock (LINK_TEST_CLOCK=1)', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let withClock: RunningLink;
  let without: RunningLink;
  const clients: LinkTestClockServiceClient[] = [];
  const client = (running: RunningLink, principal?: Principal) => {
    const c = clockClient(`127.0.0.1:${running.server.port}`, principal);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    database = await migratedPostgres();
    withClock = await startLink(database.url, {
      testClock: { clock: createLinkClock(), callerPublicKey: testCallerKeys().test.publicKey },
    });
    without = await startLink(database.url);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await withClock?.stop();
    await without?.stop();
    await database?.drop();
  });

  it('is not served at all without the flag, even to the test principal', async () => {
    for (const principal of ['test', 'gateway'] as const) {
      const { err } = await setOffset(client(without, principal), String(DAY_S));
      expect(err?.code, principal).toBe(grpc.status.UNIMPLEMENTED);
    }
  });

  it('refuses every caller but the test principal', async () => {
    expect((await setOffset(client(withClock), String(DAY_S))).err?.code).toBe(grpc.status.UNAUTHENTICATED);
    for (const principal of ['gateway', 'link', 'billing'] as const) {
      const { err } = await setOffset(client(withClock, principal), String(DAY_S));
      // The gateway's key is known (PERMISSION_DENIED); link's and billing's are not (UNAUTHENTICATED).
      expect(err?.code, principal).toBe(
        principal === 'gateway' ? grpc.status.PERMISSION_DENIED : grpc.status.UNAUTHENTICATED,
      );
    }
  });

  it('refuses an offset behind the wall clock or beyond a year', async () => {
    const test = client(withClock, 'test');
    for (const bad of ['-1', String(MAX_CLOCK_OFFSET_MS / 1000 + 1), '9223372036854775807']) {
      const { err } = await setOffset(test, bad);
      expect(err?.code, bad).toBe(grpc.status.INVALID_ARGUMENT);
    }
  });

  it('counts downloads on the day the moved clock says, and goes back to the wall clock at 0', async () => {
    const test = client(withClock, 'test');
    driveFiles.set(FILE, { owner: ann.sub, name: 'days.pdf', size: 10n });
    const link = withClock.link;
    const made = await callUnary(link.shorten.bind(link), {
      caller: ann,
      driveAccessToken: ann.sub,
      driveFileId: FILE,
      fileName: '',
      sizeBytes: '0',
      uploaderTimeZone: '',
      uploaderLocale: 'en',
    } as never);
    expect(made.err).toBeNull();
    const slug = (made.res as { shortId: string }).shortId;

    const day1 = Date.now();
    expect((await recordDownloads(link, [{ batchId: 'clock-1', counts: [{ slug, count: '2' }] }])).err).toBeNull();
    const moved = await setOffset(test, String(DAY_S));
    expect(moved.err).toBeNull();
    const day2 = moved.res!.now!.getTime();
    expect(day2 - Date.now()).toBeGreaterThan(DAY_S * 1000 - 5_000);
    expect((await recordDownloads(link, [{ batchId: 'clock-2', counts: [{ slug, count: '1' }] }])).err).toBeNull();
    const back = await setOffset(test, '0');
    expect(Math.abs(back.res!.now!.getTime() - Date.now())).toBeLessThan(5_000);

    const stats = await callUnary(link.getLinkStats.bind(link), { slug, timeZone: 'UTC', caller: ann } as never);
    expect(stats.err).toBeNull();
    const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(stats.res).toMatchObject({
      total: '3',
      days: [
        { date: utcDate(day1), downloads: '2' },
        { date: utcDate(day2), downloads: '1' },
      ],
    });
    const res = stats.res as { firstDownloadedAt: Date; lastDownloadedAt: Date };
    expect(Math.abs(res.firstDownloadedAt.getTime() - day1)).toBeLessThan(5_000);
    expect(Math.abs(res.lastDownloadedAt.getTime() - day2)).toBeLessThan(5_000);
  });
});
