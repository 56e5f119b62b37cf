import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as grpc from '@grpc/grpc-js';
import { ClaimOutcome, type LinkServiceClient } from '@ferry/contracts/link/v1';
import { LinkPreviewServiceClient, LinkPreviewServiceService } from '@ferry/contracts/link/v1/preview';
import { createGrpcClient } from '@ferry/service-kit';
import { callEveryHostileCase, testCallerKeys, testCallerOptions } from '@ferry/service-kit/testing';
import { Jimp } from 'jimp';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewPolicies } from '../src/preview/policies.js';
import { driveMedia } from '../src/preview/drive-media.js';
import { memoryPreviewCache } from '../src/preview/preview-cache.js';
import { DriveStandIn } from './drive-standin.js';
import { callUnary, driveFiles, migratedPostgres, startLink, type RunningLink } from './harness.js';

const ann = { sub: 'sub-preview-ann', email: 'ann@example.com' };
/** An owner who never gave Ferry offline access. */
const olly = { sub: 'sub-preview-olly', email: 'olly@example.com' };
const MiB = 1024 * 1024;

describe('previews: thumbnails and zip listings from the owner’s drive, server-side', () => {
  const drive = new DriveStandIn();
  const work = mkdtempSync(join(tmpdir(), 'link-previews-'));
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let client: LinkServiceClient;
  let preview: LinkPreviewServiceClient;
  const tokenCalls: string[] = [];

  async function upload(owner: string, name: string, mimeType: string, body: Buffer | string): Promise<string> {
    const auth = { authorization: `Bearer ${drive.tokenOf(owner)}` };
    const start = await fetch(`${drive.url}/upload/drive/v3/files?uploadType=resumable`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-upload-content-type': mimeType },
      body: JSON.stringify({ name, mimeType }),
    });
    expect(start.status).toBe(200);
    const content = typeof body === 'string' ? Readable.toWeb(createReadStream(body)) : body;
    const size = typeof body === 'string' ? statSync(body).size : body.length;
    const put = await fetch(start.headers.get('location')!, {
      method: 'PUT',
      headers: { 'content-length': String(size) },
      body: content as RequestInit['body'],
      duplex: 'half',
    } as RequestInit);
    expect(put.ok).toBe(true);
    return ((await put.json()) as { id: string }).id;
  }

  async function linkTo(owner: { sub: string; email: string }, fileId: string, name: string): Promise<string> {
    driveFiles.set(fileId, { owner: owner.sub, name, size: 1n });
    const { err, res } = await callUnary(client.shorten.bind(client), {
      caller: owner,
      driveAccessToken: owner.sub,
      driveFileId: fileId,
      fileName: '',
      sizeBytes: '0',
      uploaderTimeZone: '',
      uploaderLocale: 'en',
    } as never);
    expect(err).toBeNull();
    return res!.shortId;
  }

  const target = (slug: string, unlockToken = '', fileIndex = 0) => ({
    slug,
    ownerSubdomain: '',
    unlockToken,
    fileIndex,
  });
  const thumbnail = (slug: string, unlockToken = '', fileIndex = 0) =>
    callUnary(preview.getThumbnail.bind(preview), { target: target(slug, unlockToken, fileIndex) });
  const entries = (slug: string, maxEntries = 0, unlockToken = '', fileIndex = 0) =>
    callUnary(preview.listZipEntries.bind(preview), { target: target(slug, unlockToken, fileIndex), maxEntries });
  const served = async (fileId: string) =>
    ((await (await fetch(`${drive.url}/__admin/bytes-served`)).json()) as { files: Record<string, number> }).files[
      fileId
    ] ?? 0;

  beforeAll(async () => {
    await drive.start();
    database = await migratedPostgres();
    running = await startLink(database.url, {
      preview: {
        drive: driveMedia(drive.url),
        tokens: async (sub) => {
          tokenCalls.push(sub);
          return sub === olly.sub ? 'no-grant' : drive.tokenOf(sub);
        },
        cache: memoryPreviewCache(),
      },
    });
    client = running.link;
    const address = `127.0.0.1:${running.server.port}`;
    preview = createGrpcClient(
      LinkPreviewServiceClient,
      address,
      testCallerOptions(LinkPreviewServiceService, previewPolicies),
    );
  }, 120_000);
  afterAll(async () => {
    preview?.close();
    await running?.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('lists a 200 MiB zip reading under 1 % of its bytes, counted at the Drive stand-in', async () => {
    // Four stored (uncompressed) entries of random bytes plus small ones: the archive is over 200 MiB.
    const path = join(work, 'big.zip');
    const zip = new ZipFile();
    const made: Array<{ name: string; size: number }> = [];
    for (let i = 0; i < 4; i++) {
      const size = 50 * MiB + i;
      const name = `videos/part-${i}.bin`;
      made.push({ name, size });
      let left = size;
      const data = Readable.from(
        (function* () {
          while (left > 0) {
            const n = Math.min(left, MiB);
            left -= n;
            yield randomBytes(n);
          }
        })(),
      );
      zip.addReadStream(data, name, { compress: false, size });
    }
    for (const name of ['readme.txt', 'notes/ümlaut.md']) {
      zip.addBuffer(Buffer.from(`about ${name}`), name, { compress: false });
      made.push({ name, size: Buffer.byteLength(`about ${name}`) });
    }
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(path));
    const total = statSync(path).size;
    expect(total).toBeGreaterThan(200 * MiB);

    const fileId = await upload(ann.sub, 'big.zip', 'application/zip', path);
    const slug = await linkTo(ann, fileId, 'big.zip');
    const before = await served(fileId);

    const { err, res } = await entries(slug);
    expect(err).toBeNull();
    expect(res!.entries.map((e) => ({ name: e.name, size: Number(e.sizeBytes) }))).toEqual(made);
    expect(res).toMatchObject({ totalEntries: '6', truncated: false });
    const read = (await served(fileId)) - before;
    expect(read).toBeGreaterThan(0);
    expect(read / total).toBeLessThan(0.01);
    console.info(`zip listing read ${read} of ${total} bytes (${((100 * read) / total).toFixed(4)} %)`);

    // Listed again from the cache: no byte more.
    expect((await entries(slug, 2)).res).toMatchObject({ totalEntries: '6', truncated: true });
    expect(await served(fileId)).toBe(before + read);
  }, 240_000);

  it('a file that is not a zip answers FAILED_PRECONDITION not_a_zip, never a server error', async () => {
    const fake = await upload(ann.sub, 'fake.zip', 'application/zip', randomBytes(100_000));
    const slug = await linkTo(ann, fake, 'fake.zip');
    const { err } = await entries(slug);
    expect(err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(err?.metadata.get('ferry-error-code')[0] ?? err?.details).toBeTruthy();
    const text = await upload(ann.sub, 'notes.txt', 'text/plain', Buffer.from('hello'));
    expect((await entries(await linkTo(ann, text, 'notes.txt'))).err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect((await entries(slug, 5000)).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('an image link gets the drive’s thumbnail, fetched with the owner’s token and cached', async () => {
    const png = await new Jimp({ width: 900, height: 300, color: 0x22aa44ff }).getBuffer('image/png');
    const fileId = await upload(ann.sub, 'banner.png', 'image/png', png);
    const slug = await linkTo(ann, fileId, 'banner.png');
    const first = await thumbnail(slug);
    expect(first.err).toBeNull();
    expect(first.res!.contentType).toBe('image/png');
    const image = await Jimp.read(Buffer.from(first.res!.image));
    expect([image.width, image.height]).toEqual([220, 73]);
    const calls = drive.received.length;
    const again = await thumbnail(slug);
    expect(Buffer.from(again.res!.image).equals(Buffer.from(first.res!.image))).toBe(true);
    expect(drive.received.length).toBe(calls);

    const text = await upload(ann.sub, 'plain.txt', 'text/plain', Buffer.from('no picture'));
    const none = await thumbnail(await linkTo(ann, text, 'plain.txt'));
    expect(none.err?.code).toBe(grpc.status.NOT_FOUND);
    expect(none.err?.details).toMatch(/no thumbnail/);
  });

  it('a protected link previews only with a live unlock token, which stays good for the download', async () => {
    const png = await new Jimp({ width: 50, height: 50, color: 0x000000ff }).getBuffer('image/png');
    const slug = await linkTo(ann, await upload(ann.sub, 'secret.png', 'image/png', png), 'secret.png');
    const set = await callUnary(client.setLinkAccess.bind(client), {
      slug,
      password: 'open sesame',
      caller: ann,
    } as never);
    expect(set.err).toBeNull();
    const refused = await thumbnail(slug);
    expect(refused.err?.code).toBe(grpc.status.PERMISSION_DENIED);
    expect((await thumbnail(slug, 'A'.repeat(43))).err?.code).toBe(grpc.status.PERMISSION_DENIED);
    const unlocked = await callUnary(client.unlockLink.bind(client), {
      slug,
      ownerSubdomain: '',
      password: 'open sesame',
    });
    const token = unlocked.res!.unlockToken;
    expect((await thumbnail(slug, token)).err).toBeNull();
    const claim = await callUnary(client.claimDownload.bind(client), {
      slug,
      ownerSubdomain: '',
      unlockToken: token,
    } as never);
    expect(claim.res!.outcome).toBe(ClaimOutcome.CLAIM_OUTCOME_GRANTED);
    // Consumed by the download: no more previews with it.
    expect((await thumbnail(slug, token)).err?.code).toBe(grpc.status.PERMISSION_DENIED);
  });

  it('a transfer: each file previews on its own (file_index), the folder itself never', async () => {
    const png = await new Jimp({ width: 440, height: 440, color: 0x8844ccff }).getBuffer('image/png');
    const image = await upload(ann.sub, 't1.png', 'image/png', png);
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from('inside'), 'inside.txt');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const archive = await upload(ann.sub, 't2.zip', 'application/zip', Buffer.concat(chunks));
    // A transfer as the link service keeps one: the link names the folder, link_files its files.
    const slug = await linkTo(ann, image, 't1.png');
    const row = await running.db.prisma.link.update({ where: { slug }, data: { fileCount: 2 } });
    await running.db.prisma.linkFile.createMany({
      data: [
        {
          linkId: row.id,
          index: 1,
          driveFileId: image,
          name: 't1.png',
          sizeBytes: BigInt(png.length),
          mimeType: 'image/png',
        },
        { linkId: row.id, index: 2, driveFileId: archive, name: 't2.zip', sizeBytes: 1n, mimeType: 'application/zip' },
      ],
    });
    const first = await thumbnail(slug, '', 1);
    expect(first.err).toBeNull();
    expect((await Jimp.read(Buffer.from(first.res!.image))).width).toBe(220);
    const listed = await entries(slug, 0, '', 2);
    expect(listed.res!.entries.map((e) => e.name)).toEqual(['inside.txt']);
    // Each file is cached on its own: file 2 has no thumbnail although file 1 has one.
    expect((await thumbnail(slug, '', 2)).err?.code).toBe(grpc.status.NOT_FOUND);
    for (const bad of [0, 3, -1]) expect((await thumbnail(slug, '', bad)).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    // A link to one file knows no file 1.
    const single = await linkTo(ann, image, 't1.png');
    expect((await thumbnail(single, '', 1)).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('refuses every hostile caller of both RPCs (the gateway alone may call them)', async () => {
    const png = await new Jimp({ width: 10, height: 10, color: 0xffffffff }).getBuffer('image/png');
    const slug = await linkTo(ann, await upload(ann.sub, 'h.png', 'image/png', png), 'h.png');
    const bare = createGrpcClient(LinkPreviewServiceClient, `127.0.0.1:${running.server.port}`);
    try {
      const refused = await callEveryHostileCase({
        client: bare,
        definition: LinkPreviewServiceService,
        audience: 'ferry.link.v1.LinkPreviewService',
        policies: previewPolicies,
        requests: { getThumbnail: { target: target(slug) }, listZipEntries: { target: target(slug), maxEntries: 10 } },
        keys: testCallerKeys(),
        victim: ann,
        trusted: ['gateway'],
      });
      for (const r of refused) expect(r.code, `${r.rpc}: ${r.case} (${r.details})`).toBe(r.expected);
      expect(refused).toHaveLength(2 * 6);
    } finally {
      bare.close();
    }
  });

  it('unknown, removed and grant-less links: NOT_FOUND, FAILED_PRECONDITION gone, NOT_FOUND no_preview', async () => {
    expect((await thumbnail('NoSuchLink12')).err?.code).toBe(grpc.status.NOT_FOUND);
    const png = await new Jimp({ width: 10, height: 10, color: 0xffffffff }).getBuffer('image/png');
    const slug = await linkTo(ann, await upload(ann.sub, 'gone.png', 'image/png', png), 'gone.png');
    expect((await callUnary(client.deleteLink.bind(client), { slug, caller: ann } as never)).err).toBeNull();
    const gone = await entries(slug);
    expect(gone.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(gone.err?.details).toMatch(/gone/);

    const ollys = await linkTo(olly, await upload(olly.sub, 'o.png', 'image/png', png), 'o.png');
    const noGrant = await thumbnail(ollys);
    expect(noGrant.err?.code).toBe(grpc.status.NOT_FOUND);
    expect(tokenCalls).toContain(olly.sub);
  });
});
