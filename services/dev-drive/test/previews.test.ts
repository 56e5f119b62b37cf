import { Readable } from 'node:stream';
import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, googleDrive, startHarness, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startHarness();
  alice = h.idp.add({ sub: '100000000000000000011', email: 'alice@example.com', clientId: 'ferry-web' });
  bob = h.idp.add({ sub: '100000000000000000012', email: 'bob@example.com', clientId: 'ferry-web' });
});
afterAll(() => h.close());

async function upload(name: string, mimeType: string, bytes: Buffer): Promise<string> {
  const d = googleDrive(h, alice.token);
  const created = await d.files.create(
    { requestBody: { name }, media: { mimeType, body: Readable.from([bytes]) }, fields: 'id' },
    { rootUrl: `${h.url}/` },
  );
  return created.data.id!;
}

describe('thumbnailLink (Google Node client against the stand-in)', () => {
  it('an image gets a short-lived thumbnailLink to a real PNG at most 220 px, credentialed until it is public', async () => {
    const photo = new Jimp({ width: 640, height: 480, color: 0x3366ccff });
    const id = await upload('photo.jpg', 'image/jpeg', await photo.getBuffer('image/jpeg'));
    const d = googleDrive(h, alice.token);

    const got = await d.files.get({ fileId: id, fields: 'id,hasThumbnail,thumbnailLink,thumbnailVersion' });
    expect(got.data.hasThumbnail).toBe(true);
    const link = got.data.thumbnailLink!;
    expect(link).toMatch(new RegExp(`^${h.url}/thumbnails/[A-Za-z0-9_.-]+=s220$`));
    const listed = await d.files.list({ q: "name = 'photo.jpg'", fields: 'files(id,thumbnailLink)' });
    expect(listed.data.files?.[0]?.thumbnailLink).toMatch(/=s220$/);

    // Not shared: a credentialed request is needed, and only someone who can see the file gets it.
    expect((await fetch(link)).status).toBe(401);
    expect((await fetch(link, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(404);
    const res = await fetch(link, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const thumb = await Jimp.read(Buffer.from(await res.arrayBuffer()));
    expect([thumb.width, thumb.height]).toEqual([220, 165]);
    // The source's colour (JPEG is lossy: within a few levels).
    const c = thumb.getPixelColor(100, 80);
    const [r, g, b] = [c >>> 24, (c >>> 16) & 0xff, (c >>> 8) & 0xff];
    for (const [got, want] of [
      [r, 0x33],
      [g, 0x66],
      [b, 0xcc],
    ] as const)
      expect(Math.abs(got - want)).toBeLessThan(8);

    // Shared with anyone: no token needed, as for Google's public files.
    await d.permissions.create({ fileId: id, requestBody: { type: 'anyone', role: 'reader' } });
    expect((await fetch(link)).status).toBe(200);
    // Another size, Google-style; a tampered signature is refused.
    const big = await Jimp.read(Buffer.from(await (await fetch(link.replace(/=s220$/, '=s400'))).arrayBuffer()));
    expect(big.width).toBe(400);
    expect((await fetch(link.replace(/\.[A-Za-z0-9_-]{43}=/, `.${'A'.repeat(43)}=`))).status).toBe(404);
  });

  it('a file that is not an image has no thumbnail; a trashed image loses its link', async () => {
    const d = googleDrive(h, alice.token);
    const text = await upload('notes.txt', 'text/plain', Buffer.from('hello'));
    const t = await d.files.get({ fileId: text, fields: 'hasThumbnail,thumbnailLink' });
    expect(t.data).toEqual({ hasThumbnail: false });

    const png = await upload(
      'dot.png',
      'image/png',
      await new Jimp({ width: 8, height: 8, color: 0xff0000ff }).getBuffer('image/png'),
    );
    const link = (await d.files.get({ fileId: png, fields: 'thumbnailLink' })).data.thumbnailLink!;
    const small = await Jimp.read(Buffer.from(await (await api(h, alice.token, new URL(link).pathname)).arrayBuffer()));
    expect([small.width, small.height]).toEqual([8, 8]);
    await d.files.update({ fileId: png, requestBody: { trashed: true } });
    expect((await api(h, alice.token, new URL(link).pathname)).status).toBe(404);
  });
});

describe('range reads and the bytes-served counter', () => {
  it('alt=media honours Range (206, Content-Range) and /__admin/bytes-served counts what was sent', async () => {
    const bytes = Buffer.alloc(100_000, 7);
    bytes.write('END', 100_000 - 3);
    const id = await upload('blob.bin', 'application/octet-stream', bytes);
    await fetch(`${h.url}/__admin/bytes-served`, { method: 'DELETE' });
    const d = googleDrive(h, alice.token);
    const tail = await d.files.get(
      { fileId: id, alt: 'media' },
      { responseType: 'arraybuffer', headers: { Range: 'bytes=-22' } },
    );
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range'] ?? (tail.headers as unknown as Headers).get?.('content-range')).toBe(
      'bytes 99978-99999/100000',
    );
    expect(
      Buffer.from(tail.data as ArrayBuffer)
        .subarray(-3)
        .toString(),
    ).toBe('END');
    const mid = await api(h, alice.token, `/drive/v3/files/${id}?alt=media`, { headers: { range: 'bytes=1000-1999' } });
    expect(mid.status).toBe(206);
    expect((await mid.arrayBuffer()).byteLength).toBe(1000);
    const counted = (await (await fetch(`${h.url}/__admin/bytes-served`)).json()) as { files: Record<string, number> };
    expect(counted.files[id]).toBe(1022);
    const beyond = await api(h, alice.token, `/drive/v3/files/${id}?alt=media`, {
      headers: { range: 'bytes=200000-' },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */100000');
  });
});
