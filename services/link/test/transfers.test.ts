import * as grpc from '@grpc/grpc-js';
import { ClaimOutcome, type LinkServiceClient } from '@ferry/contracts/link/v1';
import { ERROR_CODE_METADATA } from '@ferry/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { driveFileVerifier, driveTransferVerifier } from '../src/drive/verify-file.js';
import { driveCleanup } from '../src/sweeper/drive-cleanup.js';
import { startSweeper } from '../src/sweeper/sweeper.js';
import { waitFor } from '@ferry/testkit';
import { DriveStandIn } from './drive-standin.js';
import { callUnary, logger, migratedPostgres, recordDownloads, startLink, type RunningLink } from './harness.js';

const ann = { sub: 'sub-transfer-ann', email: 'ann@example.com' };
const eve = { sub: 'sub-transfer-eve', email: 'eve@example.com' };

/** One link for a folder upload, checked against the real Drive stand-in (Google's shapes). */
describe('transfers: one link for a folder of files', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let drive: DriveStandIn;
  let running: RunningLink;
  let client: LinkServiceClient;
  let db: Database;
  let folder: string;
  let files: string[];
  let outside: string;

  /** A file with these bytes in `parent`, shared with anyone who has the link. */
  async function fileWith(sub: string, name: string, parent: string, bytes: number): Promise<string> {
    const res = await fetch(`${drive.url}/upload/drive/v3/files?uploadType=media&fields=id`, {
      method: 'POST',
      headers: { authorization: `Bearer ${drive.tokenOf(sub)}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes).fill(7),
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    await drive.api(sub, 'PATCH', `/drive/v3/files/${id}?addParents=${parent}&removeParents=root`, {
      name,
      mimeType: name.endsWith('.txt') ? 'text/plain' : 'image/png',
    });
    await drive.api(sub, 'POST', `/drive/v3/files/${id}/permissions`, { type: 'anyone', role: 'reader' });
    return id;
  }

  const shorten = (folderId: string, driveFileIds: string[], caller = ann) =>
    callUnary(client.shorten.bind(client), {
      caller,
      driveAccessToken: drive.tokenOf(caller.sub),
      driveFileId: folderId,
      fileName: 'ignored',
      sizeBytes: '0',
      uploaderTimeZone: 'UTC',
      uploaderLocale: 'en',
      transfer: { driveFileIds },
    });

  beforeAll(async () => {
    database = await migratedPostgres();
    drive = new DriveStandIn();
    await drive.start();
    running = await startLink(database.url, {
      verifyFile: driveFileVerifier(drive.url),
      verifyTransfer: driveTransferVerifier(drive.url),
    });
    client = running.link;
    db = await openDatabase(database.url);
    const root = await drive.ferryFolder(ann.sub);
    folder = await drive.folder(ann.sub, 'upload_2026-11-29_ann_3_files', root);
    await drive.api(ann.sub, 'POST', `/drive/v3/files/${folder}/permissions`, { type: 'anyone', role: 'reader' });
    files = [
      await fileWith(ann.sub, 'a/notes.txt', folder, 1000),
      await fileWith(ann.sub, 'b/photo.png', folder, 2500),
      await fileWith(ann.sub, 'c.txt', folder, 7),
    ];
    outside = await fileWith(ann.sub, 'elsewhere.txt', root, 10);
  });
  afterAll(async () => {
    await running?.stop();
    await db?.close();
    await drive?.close();
    await database?.drop();
  });

  it('makes one link whose files, names, sizes and types come from the drive', async () => {
    const made = await shorten(folder, files);
    expect(made.err).toBeNull();
    const link = made.res!.link!;
    expect(link.driveFileId).toBe(folder);
    expect(link.fileName).toBe('upload_2026-11-29_ann_3_files');
    expect(link.sizeBytes).toBe('3507');
    expect(link.transfer?.fileCount).toBe(3);
    expect(link.transfer?.files.map((f) => [f.index, f.driveFileId, f.name, f.sizeBytes, f.mimeType])).toEqual([
      [1, files[0], 'a/notes.txt', '1000', 'text/plain'],
      [2, files[1], 'b/photo.png', '2500', 'image/png'],
      [3, files[2], 'c.txt', '7', 'text/plain'],
    ]);
    // Resolving (the gateway's cache) and the share info hand out the files too.
    const resolved = await callUnary(client.resolveLink.bind(client), { slug: link.slug, ownerSubdomain: '' });
    expect(resolved.res!.link!.transfer?.files.map((f) => f.driveFileId)).toEqual(files);
    const batch = await callUnary(client.resolveLinks.bind(client), { codes: [link.slug] });
    expect(batch.res!.results[0]!.link!.transfer?.files).toHaveLength(3);
    const info = await callUnary(client.getShareInfo.bind(client), { slug: link.slug });
    expect(info.res!.transfer?.files.map((f) => f.name)).toEqual(['a/notes.txt', 'b/photo.png', 'c.txt']);
    // A link to one file has no transfer part, and the list stays one row per transfer.
    const list = await callUnary(client.listLinks.bind(client), {
      caller: ann,
      pageSize: 10,
      pageToken: '',
      driveFileIds: [],
    } as never);
    expect(list.res!.links.filter((l) => l.slug === link.slug)).toHaveLength(1);
  });

  it('refuses a file that is not in the folder, a folder of another user, duplicates and empty lists', async () => {
    const notInFolder = await shorten(folder, [files[0]!, outside]);
    expect(notInFolder.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(notInFolder.err?.metadata.get(ERROR_CODE_METADATA)).toEqual(['not_in_folder']);
    expect(notInFolder.err?.details).toMatch(/not in the transfer's folder/);
    // Eve names Ann's folder and files: her drive does not know them.
    const foreign = await shorten(folder, files, eve);
    expect(foreign.err?.code).toBe(grpc.status.NOT_FOUND);
    const twice = await shorten(folder, [files[0]!, files[0]!]);
    expect(twice.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const none = await shorten(folder, []);
    expect(none.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    // A file id where the folder should be.
    const notFolder = await shorten(files[0]!, [files[1]!]);
    expect(notFolder.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await db.prisma.link.count({ where: { ownerSub: ann.sub, fileCount: { gt: 0 } } })).toBe(1);
  });

  it('counts each file for the transfer and for that file; one first-download notice per transfer', async () => {
    const made = await shorten(folder, files);
    const slug = made.res!.shortId;
    const sent = await recordDownloads(client, [
      {
        batchId: 'transfer-1',
        counts: [
          { slug, count: '2', fileIndex: 1 },
          { slug, count: '1', fileIndex: 3 },
        ],
      },
      { batchId: 'transfer-2', counts: [{ slug, count: '1', fileIndex: 1 }] },
      // A retried batch counts nothing.
      { batchId: 'transfer-2', counts: [{ slug, count: '1', fileIndex: 1 }] },
    ] as never);
    expect(sent.err).toBeNull();
    expect(sent.res).toMatchObject({ recorded: '4', duplicateBatches: '1' });
    const count = await callUnary(client.getDownloadCount.bind(client), { slug });
    expect(count.res!.count).toBe('4');
    const stats = await callUnary(client.getLinkStats.bind(client), { slug, timeZone: 'UTC', caller: ann } as never);
    expect(stats.err).toBeNull();
    expect(stats.res!.total).toBe('4');
    expect(stats.res!.transfer?.files.map((f) => f.downloadCount)).toEqual(['3', '0', '1']);
    const row = await db.prisma.link.findUniqueOrThrow({ where: { slug } });
    expect(await db.prisma.firstDownloadOutbox.count({ where: { linkId: row.id } })).toBe(1);
    // Another user does not see the statistics.
    const foreign = await callUnary(client.getLinkStats.bind(client), { slug, timeZone: 'UTC', caller: eve } as never);
    expect(foreign.err?.code).toBe(grpc.status.NOT_FOUND);
    // A file index the transfer does not have is refused with the batch.
    const bad = await recordDownloads(client, [
      { batchId: 'transfer-3', counts: [{ slug, count: '1', fileIndex: -1 }] },
    ] as never);
    expect(bad.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('a password unlocks every file of a transfer; each claim names its file and counts for it', async () => {
    const made = await shorten(folder, files);
    const slug = made.res!.shortId;
    const access = await callUnary(client.setLinkAccess.bind(client), {
      slug,
      password: 'open sesame',
      caller: ann,
    } as never);
    expect(access.err).toBeNull();
    const claim = (fileIndex: number, unlockToken: string) =>
      callUnary(client.claimDownload.bind(client), { slug, ownerSubdomain: '', unlockToken, fileIndex });
    expect((await claim(1, '')).res!.outcome).toBe(ClaimOutcome.CLAIM_OUTCOME_PASSWORD_REQUIRED);
    const unlocked = await callUnary(client.unlockLink.bind(client), {
      slug,
      ownerSubdomain: '',
      password: 'open sesame',
    });
    const token = unlocked.res!.unlockToken;
    const first = await claim(1, token);
    const third = await claim(3, token);
    const again = await claim(1, token);
    expect([first, third, again].map((c) => c.res!.outcome)).toEqual([
      ClaimOutcome.CLAIM_OUTCOME_GRANTED,
      ClaimOutcome.CLAIM_OUTCOME_GRANTED,
      ClaimOutcome.CLAIM_OUTCOME_GRANTED,
    ]);
    expect([first.res!.driveFileId, third.res!.driveFileId]).toEqual([files[0], files[2]]);
    expect(third.res!.sizeBytes).toBe('7');
    // The folder itself is no download, nor is a file the transfer does not have.
    expect((await claim(0, token)).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await claim(4, token)).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const stats = await callUnary(client.getLinkStats.bind(client), { slug, timeZone: 'UTC', caller: ann } as never);
    expect(stats.res!.total).toBe('3');
    expect(stats.res!.transfer?.files.map((f) => f.downloadCount)).toEqual(['2', '0', '1']);
  });

  it('at expiry the sweeper makes every file of the transfer private and trashes the folder with them', async () => {
    const made = await shorten(folder, files);
    const slug = made.res!.shortId;
    await db.prisma.link.update({ where: { slug }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const sweeper = startSweeper({
      prisma: db.prisma,
      drive: driveCleanup(drive.url),
      tokens: async (sub) => drive.tokenOf(sub),
      logger,
      intervalMs: 100,
      ownerGapMs: 0,
    });
    try {
      await waitFor(
        'the sweeper to remove the transfer',
        async () => (await db.prisma.link.findUniqueOrThrow({ where: { slug } })).removedAt !== null,
        20_000,
      );
    } finally {
      await sweeper.stop();
    }
    for (const id of files) {
      expect(await drive.permissionTypes(ann.sub, id), id).not.toContain('anyone');
      expect((await drive.file(ann.sub, id)).trashed, id).toBe(true);
    }
    expect((await drive.file(ann.sub, folder)).trashed).toBe(true);
  });
});
