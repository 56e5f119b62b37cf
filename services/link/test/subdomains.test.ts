import * as grpc from '@grpc/grpc-js';
import type { LinkServiceClient } from '@ferry/contracts/link/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, driveFiles, migratedPostgres, startLink, type RunningLink } from './harness.js';

const aliceA = { sub: 'sub-alice-a', email: 'alice@a.example' };
const aliceB = { sub: 'sub-alice-b', email: 'Alice@b.example' };
const mallory = { sub: 'sub-mallory', email: 'mallory@evil.example' };
const FILE = {
  [aliceA.sub]: '1AliceFile_abcdefghijklmnopqrst',
  [aliceB.sub]: '1AliceBFile_abcdefghijklmnopqrs',
  [mallory.sub]: '1MalloryFile_abcdefghijklmnopqr',
};

type Caller = { sub: string; email: string };

function shorten(client: LinkServiceClient, caller: Caller) {
  return callUnary(client.shorten.bind(client), {
    caller,
    driveAccessToken: caller.sub,
    driveFileId: FILE[caller.sub] ?? `1File_${caller.sub.padEnd(24, 'x')}`,
    fileName: '',
    sizeBytes: '1',
    expiresAt: undefined,
    uploaderTimeZone: '',
    uploaderLocale: '',
  });
}

describe('sender subdomains', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  const resolve = (slug: string, ownerSubdomain: string) =>
    callUnary(running.link.resolveLink.bind(running.link), { slug, ownerSubdomain });
  const shortlink = (caller: Caller, code: string, subdomain: string, slug: string) =>
    callUnary(running.link.createShortlink.bind(running.link), { caller, code, subdomain, ttlSeconds: '600', slug });

  beforeAll(async () => {
    for (const c of [aliceA, aliceB, mallory])
      driveFiles.set(FILE[c.sub]!, { owner: c.sub, name: `${c.sub}.pdf`, size: 1n });
    database = await migratedPostgres();
    running = await startLink(database.url);
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('gives the first account its local part and a later one with the same local part the next free label', async () => {
    const first = await shorten(running.link, aliceA);
    const second = await shorten(running.link, aliceB);
    expect(first.res!.ownerSubdomain).toBe('alice');
    expect(second.res!.ownerSubdomain).toBe('alice-2');
    // Ownership is per account and stays: alice@a keeps 'alice' on every later link.
    expect((await shorten(running.link, aliceA)).res!.ownerSubdomain).toBe('alice');
    expect((await shorten(running.link, aliceB)).res!.ownerSubdomain).toBe('alice-2');
  });

  it('hands out distinct labels to concurrent first uses, and one label to concurrent calls of one account', async () => {
    const carols = Array.from({ length: 8 }, (_, i) => ({ sub: `sub-carol-${i}`, email: `carol@c${i}.example` }));
    for (const c of carols) driveFiles.set(`1File_${c.sub.padEnd(24, 'x')}`, { owner: c.sub, name: 'c.txt', size: 1n });
    const results = await Promise.all([...carols, ...carols].map((c) => shorten(running.link, c)));
    expect(results.every((r) => r.err === null)).toBe(true);
    const bySub = new Map<string, Set<string>>();
    results.forEach((r, i) => {
      const sub = carols[i % carols.length]!.sub;
      bySub.set(sub, (bySub.get(sub) ?? new Set()).add(r.res!.ownerSubdomain));
    });
    for (const labels of bySub.values()) expect(labels.size).toBe(1);
    const labels = [...bySub.values()].map((s) => [...s][0]!).sort();
    expect(labels).toEqual(['carol', ...Array.from({ length: 7 }, (_, i) => `carol-${i + 2}`)].sort());
  });

  it("scopes token codes per sender: mallory's code does not resolve on alice's host, and alice can take the same name", async () => {
    const alicesSlug = (await shorten(running.link, aliceA)).res!.shortId;
    const mallorysSlug = (await shorten(running.link, mallory)).res!.shortId;
    const code = 'alice-invoice-00042';
    expect((await shortlink(mallory, code, 'mallory', mallorysSlug)).err).toBeNull();
    // Mallory cannot put a code under alice's subdomain.
    expect((await shortlink(mallory, 'alice-invoice-00043', 'alice', mallorysSlug)).err?.code).toBe(
      grpc.status.PERMISSION_DENIED,
    );
    expect((await resolve(code, 'alice')).err?.code).toBe(grpc.status.NOT_FOUND);
    const mine = await shortlink(aliceA, code, 'alice', alicesSlug);
    expect(mine.err).toBeNull();
    expect(mine.res!.subdomain).toBe('alice');
    expect((await resolve(code, 'alice')).res!.link!.slug).toBe(alicesSlug);
    expect((await resolve(code, 'mallory')).res!.link!.slug).toBe(mallorysSlug);
    // A token code exists only on its sender's host, never on the root host.
    expect((await resolve(code, '')).err?.code).toBe(grpc.status.NOT_FOUND);
  });

  it("answers NOT_FOUND for another sender's slug on a sender's host; the root host resolves every slug", async () => {
    const alicesSlug = (await shorten(running.link, aliceA)).res!.shortId;
    const mallorysSlug = (await shorten(running.link, mallory)).res!.shortId;
    expect((await resolve(mallorysSlug, 'alice')).err?.code).toBe(grpc.status.NOT_FOUND);
    expect((await resolve(alicesSlug, 'alice')).res!.link!.slug).toBe(alicesSlug);
    expect((await resolve(alicesSlug, '')).res!.link!.slug).toBe(alicesSlug);
    expect((await resolve(mallorysSlug, '')).res!.link!.slug).toBe(mallorysSlug);
    const size = await callUnary(running.link.getSize.bind(running.link), {
      id: mallorysSlug,
      ownerSubdomain: 'alice',
    });
    expect(size.err?.code).toBe(grpc.status.NOT_FOUND);
  });

  it('resolves scoped keys in batches the same way', async () => {
    const alicesSlug = (await shorten(running.link, aliceA)).res!.shortId;
    const mallorysSlug = (await shorten(running.link, mallory)).res!.shortId;
    const code = 'alice-invoice-batch-1';
    await shortlink(mallory, code, 'mallory', mallorysSlug);
    const codes = [
      `alice/${code}`,
      `mallory/${code}`,
      code,
      `alice/${mallorysSlug}`,
      `alice/${alicesSlug}`,
      mallorysSlug,
      'Alice/../x',
    ];
    const { res } = await callUnary(running.link.resolveLinks.bind(running.link), { codes });
    expect(res!.results.map((r) => r.code)).toEqual(codes);
    expect(res!.results.map((r) => r.link?.slug)).toEqual([
      undefined,
      mallorysSlug,
      undefined,
      undefined,
      alicesSlug,
      mallorysSlug,
      undefined,
    ]);
  });
});
