import { randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { LinkStatus } from '@ferry/contracts/link/v1';
import type { NotificationServiceClient, RecordCleanupNeededRequest } from '@ferry/contracts/notification/v1';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { driveFileVerifier } from '../src/drive/verify-file.js';
import type { AccessTokenFor } from '../src/grants/access-token.js';
import { driveCleanup, type DriveCleanup } from '../src/sweeper/drive-cleanup.js';
import { cleanupNoticeKey, startNoticeRelay } from '../src/sweeper/notice-relay.js';
import { startSweeper, WAITING_FOR_GRANT, type Sweeper, type SweeperOptions } from '../src/sweeper/sweeper.js';
import { DriveStandIn } from './drive-standin.js';
import { callUnary, logger, migratedPostgres, startLink, type RunningLink } from './harness.js';

const HOUR = 3_600_000;

describe('expiry sweeper against the Drive stand-in', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let drive: DriveStandIn;
  let db: Database;
  const open: Database[] = [];
  const sweepers: Sweeper[] = [];

  /** Hands out the stand-in's token of each owner; counts the calls per owner. */
  const tokenCalls = new Map<string, number>();
  const revokedOwners = new Set<string>();
  const tokens: AccessTokenFor = async (sub) => {
    tokenCalls.set(sub, (tokenCalls.get(sub) ?? 0) + 1);
    return revokedOwners.has(sub) ? 'revoked' : drive.tokenOf(sub);
  };

  async function sweeper(overrides: Partial<SweeperOptions> = {}, ownDb = false): Promise<Sweeper> {
    let prisma = db.prisma;
    if (ownDb) {
      const other = await openDatabase(database.url);
      open.push(other);
      prisma = other.prisma;
    }
    const s = startSweeper({
      prisma,
      drive: driveCleanup(drive.url, drive.countingFetch),
      tokens,
      logger,
      intervalMs: 3_600_000,
      ownerGapMs: 0,
      baseBackoffMs: 50,
      ...overrides,
    });
    sweepers.push(s);
    return s;
  }

  /** A link row as Shorten leaves it, for a file already in the drive. */
  async function linkRow(owner: string, driveFileId: string, expiresAt: Date) {
    return db.prisma.link.create({
      data: {
        slug: randomBytes(8).toString('base64url').slice(0, 11),
        driveFileId,
        ownerSub: owner,
        ownerEmail: `${owner}@example.com`,
        ownerSubdomain: owner.slice(0, 20),
        fileName: 'f.txt',
        sizeBytes: 1n,
        expiresAt,
        ownerLocale: 'de',
      },
    });
  }

  const row = (id: string) => db.prisma.link.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    database = await migratedPostgres();
    db = await openDatabase(database.url);
    drive = new DriveStandIn();
    await drive.start();
  });
  afterAll(async () => {
    for (const s of sweepers) await Promise.race([s.stop(), new Promise((r) => setTimeout(r, 1000))]);
    for (const d of open) await d.close();
    await db?.close();
    await drive?.close();
    await database?.drop();
  });

  it('an expired link shared through Shorten: no longer public, permission gone, trashed, link expired', async () => {
    const owner = 'sub-ann';
    const fileId = await drive.sharedFile(owner, 'report.txt', await drive.ferryFolder(owner));
    let running: RunningLink | undefined;
    try {
      running = await startLink(database.url, {
        verifyFile: driveFileVerifier(drive.url),
        sweeper: { drive: driveCleanup(drive.url, drive.countingFetch), tokens, intervalMs: 200, ownerGapMs: 0 },
      });
      const expiresAt = new Date(Date.now() + 1500);
      const shortened = await callUnary(running.link.shorten.bind(running.link), {
        caller: { sub: owner, email: 'ann@example.com' },
        driveAccessToken: drive.tokenOf(owner),
        driveFileId: fileId,
        fileName: '',
        sizeBytes: '0',
        expiresAt,
        uploaderTimeZone: 'UTC',
        uploaderLocale: 'de',
      });
      expect(shortened.err).toBeNull();
      expect(await drive.anonymousDownloadStatus(fileId)).toBe(200);
      const slug = shortened.res!.shortId;
      const stored = await db.prisma.link.findUniqueOrThrow({ where: { slug } });
      expect(stored.ownerLocale).toBe('de');

      await waitFor('the sweeper to remove the link', async () => (await row(stored.id)).removedAt !== null, 20_000);
      const removedAfterMs = (await row(stored.id)).removedAt!.getTime() - expiresAt.getTime();
      expect(removedAfterMs).toBeLessThan(60_000);
      expect([403, 404]).toContain(await drive.anonymousDownloadStatus(fileId));
      expect(await drive.permissionTypes(owner, fileId)).not.toContain('anyone');
      expect((await drive.file(owner, fileId)).trashed).toBe(true);
      expect((await row(stored.id)).sweepStep).toBe('trashed');
      const resolved = await callUnary(running.link.resolveLink.bind(running.link), { slug, ownerSubdomain: '' });
      expect(resolved.res!.link!.status).toBe(LinkStatus.LINK_STATUS_EXPIRED);
      // An extend after expiry is refused: the link stays removed.
      const extend = await callUnary(running.link.updateExpiry.bind(running.link), {
        caller: { sub: owner, email: 'ann@example.com' },
        slug,
      });
      expect(extend.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    } finally {
      await running?.stop();
    }
  });

  it('a folder upload: the folder is trashed only with its last file; moved and deleted files are recorded and skipped', async () => {
    const owner = 'sub-folders';
    const root = await drive.ferryFolder(owner);
    const upload = await drive.folder(owner, 'holiday', root);
    const a = await drive.sharedFile(owner, 'a.jpg', upload);
    const b = await drive.sharedFile(owner, 'b.jpg', upload);
    const moved = await drive.sharedFile(owner, 'moved.txt', root);
    const gone = await drive.sharedFile(owner, 'gone.txt', root);
    await drive.api(owner, 'PATCH', `/drive/v3/files/${moved}?addParents=root&removeParents=${root}`, {});
    await drive.api(owner, 'DELETE', `/drive/v3/files/${gone}`);
    const past = new Date(Date.now() - 1000);
    const la = await linkRow(owner, a, past);
    const lMoved = await linkRow(owner, moved, past);
    const lGone = await linkRow(owner, gone, past);
    const lb = await linkRow(owner, b, new Date(Date.now() + HOUR));
    const s = await sweeper();

    expect(await s.runOnce()).toBe(3);
    expect((await drive.file(owner, a)).trashed).toBe(true);
    expect((await drive.file(owner, upload)).trashed).toBe(false);
    expect((await row(lMoved.id)).sweepStep).toBe('moved');
    expect(await drive.permissionTypes(owner, moved)).not.toContain('anyone');
    expect((await drive.file(owner, moved)).trashed).toBe(false);
    expect((await row(lGone.id)).sweepStep).toBe('missing');
    expect((await row(lb.id)).removedAt).toBeNull();

    await db.prisma.link.update({ where: { id: lb.id }, data: { expiresAt: past } });
    expect(await s.runOnce()).toBe(1);
    expect((await drive.file(owner, b)).trashed).toBe(true);
    expect((await drive.file(owner, upload)).trashed).toBe(true);
    expect((await drive.file(owner, root)).trashed).toBe(false);
    expect((await row(la.id)).removedAt).not.toBeNull();
  });

  it('a deleted link takes the same path: revoked first, then trashed', async () => {
    const owner = 'sub-deleter';
    const fileId = await drive.sharedFile(owner, 'x.txt', await drive.ferryFolder(owner));
    const l = await linkRow(owner, fileId, new Date(Date.now() + HOUR));
    await db.prisma.link.update({ where: { id: l.id }, data: { deletedAt: new Date() } });
    const before = drive.calls.length;
    expect(await (await sweeper()).runOnce()).toBe(1);
    const order = drive.calls
      .slice(before)
      .filter((c) => c.path.includes(fileId) && c.method !== 'GET')
      .map((c) => c.method);
    expect(order).toEqual(['DELETE', 'PATCH']);
  });

  it('1,000 links expiring in one minute, two sweepers: every file revoked and trashed exactly once, no 5xx', async () => {
    const owners = Array.from({ length: 10 }, (_, i) => `sub-bulk-${i}`);
    const files: string[] = [];
    const minuteAgo = Date.now() - 60_000;
    await Promise.all(
      owners.map(async (owner) => {
        const root = await drive.ferryFolder(owner);
        for (let i = 0; i < 100; i++) {
          const id = await drive.sharedFile(owner, `f${i}.bin`, root);
          files.push(id);
          await linkRow(owner, id, new Date(minuteAgo + Math.floor(Math.random() * 59_000)));
        }
      }),
    );
    const before = drive.calls.length;
    const started = Date.now();
    const [s1, s2] = [await sweeper({}, true), await sweeper({}, true)];
    const [n1, n2] = await Promise.all([s1.runOnce(), s2.runOnce()]);
    const seconds = (Date.now() - started) / 1000;
    logger.info({ n1, n2, seconds }, 'bulk sweep');
    expect(n1 + n2).toBe(1000);
    expect(n1).toBeGreaterThan(0);
    expect(n2).toBeGreaterThan(0);
    const calls = drive.calls.slice(before);
    expect(calls.filter((c) => c.status >= 500)).toEqual([]);
    const { revokes, trashes } = drive.removals();
    for (const id of files) {
      expect(revokes.get(id)).toBe(1);
      expect(trashes.get(id)).toBe(1);
    }
    expect(await db.prisma.link.count({ where: { driveFileId: { in: files }, removedAt: null } })).toBe(0);
    console.log(`1000 links, two sweepers: ${n1} + ${n2} in ${seconds.toFixed(1)} s, ${calls.length} drive calls`);
  }, 120_000);

  it('a sweeper that dies between revoke and trash: the next one finishes, each step once', async () => {
    const owner = 'sub-crash';
    const fileId = await drive.sharedFile(owner, 'c.txt', await drive.ferryFolder(owner));
    const l = await linkRow(owner, fileId, new Date(Date.now() - 1000));
    const real = driveCleanup(drive.url, drive.countingFetch);
    let reachedTrash!: () => void;
    const atTrash = new Promise<void>((r) => (reachedTrash = r));
    // The first sweeper hangs for good where it would trash: as dead as a SIGKILL for this row.
    const dying: DriveCleanup = {
      ...real,
      trash: () => {
        reachedTrash();
        return new Promise<never>(() => undefined);
      },
    };
    const first = await sweeper({ drive: dying, leaseMs: 1500 }, true);
    void first.runOnce();
    await atTrash;
    expect((await row(l.id)).sweepStep).toBe('revoked');
    expect(await drive.permissionTypes(owner, fileId)).not.toContain('anyone');

    const second = await sweeper({ leaseMs: 1500 });
    expect(await second.runOnce()).toBe(0); // the lease still holds
    await waitFor('the lease to run out', async () => (await second.runOnce()) === 1, 10_000);
    expect((await drive.file(owner, fileId)).trashed).toBe(true);
    const { revokes, trashes } = drive.removals();
    expect(revokes.get(fileId)).toBe(1);
    expect(trashes.get(fileId)).toBe(1);
    expect((await row(l.id)).sweepStep).toBe('trashed');
  });

  it('a revoked grant: one notice for the owner, rows wait, no retry storm; sign-in finishes the clean-up', async () => {
    const owner = 'sub-revoked';
    revokedOwners.add(owner);
    const root = await drive.ferryFolder(owner);
    const ids = [await drive.sharedFile(owner, '1.txt', root), await drive.sharedFile(owner, '2.txt', root)];
    const links = [
      await linkRow(owner, ids[0]!, new Date(Date.now() - 1000)),
      await linkRow(owner, ids[1]!, new Date(Date.now() - 500)),
    ];
    let notices = 0;
    const s = await sweeper({ onNotice: () => notices++ });
    for (let i = 0; i < 5; i++) expect(await s.runOnce()).toBe(0);
    expect(tokenCalls.get(owner)).toBe(1);
    expect(notices).toBe(1);
    const notice = await db.prisma.cleanupNotice.findUniqueOrThrow({ where: { ownerSub: owner } });
    expect(notice).toMatchObject({ ownerEmail: `${owner}@example.com`, locale: 'de' });
    for (const l of links) {
      const r = await row(l.id);
      expect(r.sweepError).toBe(WAITING_FOR_GRANT);
      expect(r.sweepNextAt!.getTime()).toBeGreaterThan(Date.now() + HOUR);
    }
    // The notice goes to notification once, keyed by owner and episode, in the owner's language.
    const sent: RecordCleanupNeededRequest[] = [];
    const notification = {
      recordCleanupNeeded: (
        req: RecordCleanupNeededRequest,
        _m: unknown,
        _o: unknown,
        cb: (err: Error | null) => void,
      ) => {
        sent.push(req);
        cb(null);
      },
    } as unknown as Pick<NotificationServiceClient, 'recordCleanupNeeded'>;
    const relay = startNoticeRelay({ prisma: db.prisma, notification, logger, intervalMs: 3_600_000 });
    try {
      expect(await relay.runOnce()).toBe(1);
      expect(await relay.runOnce()).toBe(0);
    } finally {
      await relay.stop();
    }
    expect(sent).toEqual([
      { idempotencyKey: cleanupNoticeKey(notice), ownerEmail: `${owner}@example.com`, locale: 'de' },
    ]);

    // A token that the drive refuses (401) mid-sweep reads the same way.
    const other = 'sub-401';
    const f = await drive.sharedFile(other, 'x.txt', await drive.ferryFolder(other));
    drive.revoked.add(drive.tokenOf(other));
    const l401 = await linkRow(other, f, new Date(Date.now() - 1000));
    expect(await s.runOnce()).toBe(0);
    expect((await row(l401.id)).sweepError).toBe(WAITING_FOR_GRANT);
    expect(notices).toBe(2);

    // The owner signs in again: the waiting rows are due at once.
    revokedOwners.delete(owner);
    await s.ownerGranted(owner);
    await waitFor(
      'the clean-up after sign-in',
      async () =>
        (await db.prisma.link.count({ where: { id: { in: links.map((l) => l.id) }, removedAt: null } })) === 0,
      10_000,
    );
    for (const id of ids) expect((await drive.file(owner, id)).trashed).toBe(true);
  });

  it('a drive 429 storm delays the sweep and loses nothing', async () => {
    const owner = 'sub-storm';
    const root = await drive.ferryFolder(owner);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await drive.sharedFile(owner, `s${i}.txt`, root));
    const links = await Promise.all(ids.map((id) => linkRow(owner, id, new Date(Date.now() - 1000))));
    await drive.fault({ path: '/drive/v3/files', status: 429, count: 12 });
    const s = await sweeper({ baseBackoffMs: 100, maxBackoffMs: 1000 });
    const before = drive.calls.length;
    await s.runOnce();
    const deferred = await db.prisma.link.findMany({ where: { id: { in: links.map((l) => l.id) } } });
    expect(deferred.some((r) => r.removedAt === null && r.sweepAttempts > 0)).toBe(true);
    await waitFor(
      'the storm to pass',
      async () => {
        await s.runOnce();
        return (await db.prisma.link.count({ where: { id: { in: links.map((l) => l.id) }, removedAt: null } })) === 0;
      },
      30_000,
    );
    const calls = drive.calls.slice(before);
    expect(calls.filter((c) => c.status === 429).length).toBe(12);
    expect(calls.filter((c) => c.status >= 500)).toEqual([]);
    const { revokes, trashes } = drive.removals();
    for (const id of ids) {
      expect(revokes.get(id)).toBe(1);
      expect(trashes.get(id)).toBe(1);
      expect((await drive.file(owner, id)).trashed).toBe(true);
    }
  });
});
