import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

interface Shortened {
  shortId: string;
  shortUrl: string;
  ownerSubdomain: string;
  fileId: string;
}

/**
 * Sender subdomains across the real processes: who owns a label (first account wins, the next
 * alice gets alice-2, concurrent first uses do not collide), token codes scoped per sender (the
 * spoofed `alice-invoice` code), other senders' slugs on a sender's host, and the link handed out
 * on the sender's own subdomain. Requests to `{sender}.{root}` go to the gateway's address with
 * that Host header, as a browser resolving `*.localhost` (or a wildcard DNS name) would send.
 */
describe('sender subdomains across the stack', () => {
  let stack: SuiteStack | undefined;
  let base: URL;
  let driveRoot: string;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const tokens = new Map<string, string>();

  const token = async (email: string) => {
    let t = tokens.get(email);
    if (!t) {
      t = await signInAsWebApp(stack!, email);
      tokens.set(email, t);
    }
    return t;
  };
  const authed = (t: string) => ({ Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' });

  /** A file in the user's Ferry folder, readable by link, and its short link: what the upload screen does. */
  async function upload(email: string): Promise<Shortened> {
    const t = await token(email);
    const create = async (meta: object) => {
      const res = await fetch(`${driveRoot}/drive/v3/files`, {
        method: 'POST',
        headers: authed(t),
        body: JSON.stringify(meta),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const root = await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      parents: [root],
      appProperties: { ferry: '1' },
    });
    await fetch(`${driveRoot}/drive/v3/files/${fileId}/permissions`, {
      method: 'POST',
      headers: authed(t),
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const res = await fetch(`${base.origin}/api/shorten`, {
      method: 'POST',
      headers: authed(t),
      body: JSON.stringify({ fileId, fileName: 'invoice.pdf' }),
    });
    expect(res.status).toBe(201);
    return { ...((await res.json()) as Omit<Shortened, 'fileId'>), fileId };
  }

  /** GET on the gateway with a chosen Host (a sender's subdomain or the root host). */
  function onHost(host: string, path: string): Promise<{ status: number; location?: string; type?: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: base.hostname === 'localhost' ? '127.0.0.1' : base.hostname, port: base.port, path, headers: { host } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, location: res.headers.location, type: res.headers['content-type'] }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
  const sender = (subdomain: string) => `${subdomain}.${base.host}`;

  const shortlink = async (email: string, code: string, target: string, subdomain: string) =>
    fetch(`${base.origin}/api/shortlink`, {
      method: 'POST',
      headers: authed(await token(email)),
      body: JSON.stringify({ token: code, target, subdomain, ttlSeconds: 600 }),
    });

  beforeAll(async () => {
    stack = await stackForSuite();
    base = new URL(stack.baseUrl);
    driveRoot = stack.driveRootUrl;
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('gives alice@a.example her local part and alice@b.example the next free label, for good', async () => {
    const a = await upload(`alice${run}@a.example`);
    const b = await upload(`alice${run}@b.example`);
    expect(a.ownerSubdomain).toBe(`alice${run}`);
    expect(b.ownerSubdomain).toBe(`alice${run}-2`);
    expect((await upload(`alice${run}@a.example`)).ownerSubdomain).toBe(`alice${run}`);
  });

  it('hands distinct labels to concurrent first uses of one local part', async () => {
    const made = await Promise.all(Array.from({ length: 4 }, (_, i) => upload(`carol${run}@c${i}.example`)));
    const labels = made.map((m) => m.ownerSubdomain).sort();
    expect(labels).toEqual([`carol${run}`, `carol${run}-2`, `carol${run}-3`, `carol${run}-4`]);
  });

  it("hands out the link on the uploader's own subdomain, and that link and the root one both download", async () => {
    const mine = await upload(`dora${run}@example.com`);
    expect(mine.shortUrl).toBe(`${base.protocol}//${mine.ownerSubdomain}.${base.host}/${mine.shortId}`);
    const list = (await (
      await fetch(`${base.origin}/api/links`, { headers: authed(await token(`dora${run}@example.com`)) })
    ).json()) as { links: Array<{ slug: string; shortUrl: string }> };
    expect(list.links.find((l) => l.slug === mine.shortId)?.shortUrl).toBe(mine.shortUrl);
    // The download page of /{slug} on the sender's host, and the redirect its button follows.
    const page = await onHost(sender(mine.ownerSubdomain), `/${mine.shortId}`);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    const fromSender = await onHost(sender(mine.ownerSubdomain), `/api/d/${mine.shortId}`);
    expect(fromSender.status).toBe(302);
    expect(fromSender.location).toContain(mine.fileId);
    expect((await onHost(base.host, `/api/d/${mine.shortId}`)).status).toBe(302);
  });

  it("answers 404 for mallory's code on alice's host, and alice can register that code name herself", async () => {
    const alice = `alice${run}@a.example`;
    const mallory = `mallory${run}@evil.example`;
    const hers = await upload(alice);
    const his = await upload(mallory);
    const code = `alice-invoice-${run}`;
    expect((await shortlink(mallory, code, his.shortId, his.ownerSubdomain)).status).toBe(201);
    // Mallory cannot put a code on alice's subdomain either.
    expect((await shortlink(mallory, `${code}-x`, his.shortId, hers.ownerSubdomain)).status).toBe(403);
    expect((await onHost(sender(hers.ownerSubdomain), `/api/d/${code}`)).status).toBe(404);
    const made = await shortlink(alice, code, hers.shortId, hers.ownerSubdomain);
    expect(made.status).toBe(201);
    expect(((await made.json()) as { url: string }).url).toBe(
      `${base.protocol}//${hers.ownerSubdomain}.${base.host}/${code}`,
    );
    const onAlice = await onHost(sender(hers.ownerSubdomain), `/api/d/${code}`);
    expect(onAlice.status).toBe(302);
    expect(onAlice.location).toContain(hers.fileId);
    const onMallory = await onHost(sender(his.ownerSubdomain), `/api/d/${code}`);
    expect(onMallory.status).toBe(302);
    expect(onMallory.location).toContain(his.fileId);
  });

  it("answers 404 for another user's slug on alice's host; the root host serves both", async () => {
    const hers = await upload(`alice${run}@a.example`);
    const his = await upload(`mallory${run}@evil.example`);
    const aliceHost = sender(hers.ownerSubdomain);
    expect((await onHost(aliceHost, `/api/d/${his.shortId}`)).status).toBe(404);
    expect((await onHost(aliceHost, `/api/s?slug=${his.shortId}&probe=1`)).status).toBe(404);
    expect((await onHost(aliceHost, `/api/s?slug=${his.shortId}&meta=1`)).status).toBe(404);
    expect((await onHost(aliceHost, `/api/s?slug=${hers.shortId}&probe=1`)).status).toBe(204);
    for (const s of [hers, his]) {
      expect((await onHost(base.host, `/api/d/${s.shortId}`)).status).toBe(302);
      expect((await onHost(base.host, `/api/s?slug=${s.shortId}&probe=1`)).status).toBe(204);
    }
  });
});
