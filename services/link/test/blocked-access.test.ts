import type { LinkServiceClient } from '@ferry/contracts/link/v1';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveFileVerifier } from '../src/drive/verify-file.js';
import type { AccessTokenFor } from '../src/grants/access-token.js';
import { EXHAUSTED_SWEEP_DELAY_MS } from '../src/handlers/access.js';
import { driveCleanup } from '../src/sweeper/drive-cleanup.js';
import { DriveStandIn } from './drive-standin.js';
import { callUnary, migratedPostgres, startLink, type RunningLink } from './harness.js';

const owner = { sub: 'sub-blocked-owner', email: 'blocked-owner@example.com' };
const admin = { sub: 'sub-blocked-admin', email: 'admin@example.com' };
const PUBLIC = 200;
const refused = (status: number) => status === 403 || status === 404;

/**
 * Issue 26 item 8: used up or blocked, the drive stops serving the file too; an administrator's
 * restore gives it back while the link is live. The link service with its sweeper against the
 * Drive stand-in; the sweeper's own timer is an hour, so every pass here comes from a poke.
 */
describe('blocked and used-up links at the drive', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let drive: DriveStandIn;
  let running: RunningLink;
  let client: LinkServiceClient;
  const usedUpDelays: number[] = [];
  const tokens: AccessTokenFor = async (sub) => drive.tokenOf(sub);
  const asAdmin = <T>(req: T) => ({ ...req, caller: admin }) as never;

  async function shared(name: string, parent?: string): Promise<{ slug: string; fileId: string; id: string }> {
    const fileId = await drive.sharedFile(owner.sub, name, parent ?? (await drive.ferryFolder(owner.sub)));
    const made = await callUnary(client.shorten.bind(client), {
      caller: owner,
      driveAccessToken: drive.tokenOf(owner.sub),
      driveFileId: fileId,
      fileName: '',
      sizeBytes: '0',
      uploaderTimeZone: 'UTC',
      uploaderLocale: 'en',
    } as never);
    expect(made.err).toBeNull();
    const slug = made.res!.shortId;
    const row = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    return { slug, fileId, id: row.id };
  }

  const row = (id: string) => running.db.prisma.link.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    database = await migratedPostgres();
    drive = new DriveStandIn();
    await drive.start();
    running = await startLink(database.url, {
      verifyFile: driveFileVerifier(drive.url),
      sweeper: { drive: driveCleanup(drive.url), tokens, intervalMs: 3_600_000, ownerGapMs: 0 },
    });
    client = running.link;
    // Record the used-up poke, and still make it (the real delay is 30 s: the test runs the pass itself).
    const sweeper = running.server.sweeper!;
    const pokeIn = sweeper.pokeIn.bind(sweeper);
    sweeper.pokeIn = (ms) => {
      usedUpDelays.push(ms);
      pokeIn(ms);
    };
  });
  afterAll(async () => {
    await running?.stop();
    await drive?.close();
    await database?.drop();
  });

  it('disabled: the file loses its anyone permission; restored while live: it has it again', async () => {
    const { slug, fileId, id } = await shared('reported.txt');
    expect(await drive.anonymousDownloadStatus(fileId)).toBe(PUBLIC);

    expect((await callUnary(client.disableLink.bind(client), asAdmin({ slug, reason: 'malware' }))).err).toBeNull();
    await waitFor('the drive to refuse the file', async () => refused(await drive.anonymousDownloadStatus(fileId)));
    await waitFor('the row in line', async () => (await row(id)).accessDueAt === null);
    expect(await drive.permissionTypes(owner.sub, fileId)).not.toContain('anyone');
    expect((await row(id)).unsharedAt).not.toBeNull();
    // Blocked, not ended: the file stays where it is, untrashed, for a restore.
    expect((await drive.file(owner.sub, fileId)).trashed).toBe(false);

    expect((await callUnary(client.restoreLink.bind(client), asAdmin({ slug, reason: 'false alarm' }))).err).toBeNull();
    await waitFor(
      'the drive to serve the file again',
      async () => (await drive.anonymousDownloadStatus(fileId)) === PUBLIC,
    );
    await waitFor('the row in line', async () => (await row(id)).accessDueAt === null);
    expect((await row(id)).unsharedAt).toBeNull();
  });

  it('restored after the link ended: the file stays private', async () => {
    const { slug, fileId, id } = await shared('late.txt');
    expect((await callUnary(client.disableLink.bind(client), asAdmin({ slug, reason: 'spam' }))).err).toBeNull();
    await waitFor(
      'the row in line',
      async () => (await row(id)).unsharedAt !== null && (await row(id)).accessDueAt === null,
    );
    // It expires while disabled; the expiry sweep is not run here (its row waits for its lease).
    await running.db.prisma.link.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() - 1000), sweepNextAt: new Date(Date.now() + 3_600_000) },
    });
    expect((await callUnary(client.restoreLink.bind(client), asAdmin({ slug, reason: 'too late' }))).err).toBeNull();
    await waitFor('the row in line', async () => (await row(id)).accessDueAt === null);
    expect(refused(await drive.anonymousDownloadStatus(fileId))).toBe(true);
    expect(await drive.permissionTypes(owner.sub, fileId)).not.toContain('anyone');
  });

  it('a suspended owner: every live link’s file private; restored: public again', async () => {
    const a = await shared('one.txt');
    const b = await shared('two.txt');
    const suspended = await callUnary(
      client.suspendAccount.bind(client),
      asAdmin({ email: owner.email, reason: 'abuse' }),
    );
    expect(suspended.err).toBeNull();
    await waitFor('both files refused', async () =>
      (await Promise.all([a, b].map((l) => drive.anonymousDownloadStatus(l.fileId)))).every(refused),
    );
    expect(
      (await callUnary(client.restoreAccount.bind(client), asAdmin({ email: owner.email, reason: 'appeal' }))).err,
    ).toBeNull();
    await waitFor('both files public', async () =>
      (await Promise.all([a, b].map((l) => drive.anonymousDownloadStatus(l.fileId)))).every((s) => s === PUBLIC),
    );
  });

  it('used up: the sweeper is poked for the moment the last download is under way, and then revokes and trashes', async () => {
    const { slug, fileId, id } = await shared('once.txt');
    const set = await callUnary(client.setLinkAccess.bind(client), {
      caller: owner,
      slug,
      downloadLimit: '1',
    } as never);
    expect(set.err).toBeNull();
    const claim = () =>
      callUnary(client.claimDownload.bind(client), {
        slug,
        ownerSubdomain: '',
        unlockToken: '',
        fileIndex: 0,
      } as never);
    usedUpDelays.length = 0;
    expect((await claim()).res).toMatchObject({ driveFileId: fileId });
    expect(usedUpDelays).toEqual([EXHAUSTED_SWEEP_DELAY_MS]);
    expect(EXHAUSTED_SWEEP_DELAY_MS).toBeLessThanOrEqual(30_000);
    expect((await claim()).res).toMatchObject({ goneReason: 'limit' });
    expect(usedUpDelays).toHaveLength(1);
    // The pass the timer would run, once the row is due.
    const due = (await row(id)).sweepNextAt!;
    expect(due.getTime() - Date.now()).toBeLessThanOrEqual(EXHAUSTED_SWEEP_DELAY_MS);
    await running.db.prisma.link.update({ where: { id }, data: { sweepNextAt: new Date() } });
    await running.server.sweeper!.runOnce();
    expect(refused(await drive.anonymousDownloadStatus(fileId))).toBe(true);
    expect((await row(id)).removedAt).not.toBeNull();
  });
});
