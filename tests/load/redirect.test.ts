import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import {
  devToken,
  downloadCount,
  endpointsFromEnv,
  shorten,
  uploadSharedFile,
  type FerryEndpoints,
} from './lib/fixtures.ts';

// Correctness of GET /api/d/{slug} on the running stack (npm test starts it; FERRY_* point at it).
// The throughput figures come from `npm run load -w @ferry/tests`, not from here.
describe('download redirect on the running stack', () => {
  let ep: FerryEndpoints;
  let token: string;
  let fileId: string;
  const content = Buffer.from(`ferry redirect check ${Date.now()}\n`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });

  /** GET without following redirects, the path sent exactly as given. */
  const get = (path: string) =>
    new Promise<{ status: number; location?: string; type: string; body: string }>((resolve, reject) => {
      const req = http.request(`${ep.baseUrl}${path}`, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            type: String(res.headers['content-type'] ?? ''),
            body,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    ep = endpointsFromEnv();
    token = await devToken(ep, 'redirect-check@example.com');
    fileId = await uploadSharedFile(ep, token, 'check.txt', content);
  });
  afterAll(async () => {
    agent.destroy();
  });

  it('redirects to the drive, the bytes arrive, and a burst is counted exactly', async () => {
    const { shortId } = await shorten(ep, token, fileId);
    const first = await get(`/api/d/${shortId}`);
    expect(first.status).toBe(302);
    expect(first.location).toBe(`${ep.driveRootUrl}/uc?id=${fileId}&export=download`);
    const bytes = Buffer.from(await (await fetch(first.location!)).arrayBuffer());
    expect(bytes.equals(content)).toBe(true);

    const burst = await Promise.all(Array.from({ length: 300 }, () => get(`/api/d/${shortId}`)));
    expect(burst.every((r) => r.status === 302)).toBe(true);
    const deadline = Date.now() + 20_000;
    let count = await downloadCount(ep, shortId);
    while (count < 301 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      count = await downloadCount(ep, shortId);
    }
    expect(count).toBe(301);
    // Nothing is counted twice later on.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await downloadCount(ep, shortId)).toBe(301);
  });

  it('answers hostile paths with 4xx JSON and never a Location off the drive host', async () => {
    const { shortId } = await shorten(ep, token, fileId);
    const paths = [
      '/api/d/..%2F..%2Fetc%2Fpasswd',
      '/api/d/%C3%BCn%C3%AFc%C3%B6d%C3%A9xx',
      `/api/d/${'A'.repeat(10_000)}`,
      '/api/d/uc',
      '/api/d/https:%2F%2Fevil.example.com',
      '/api/download?id=https://evil.example.com/file',
      '/api/resolve?id=..%2F..',
      '/api/size?id=http://evil.example.com',
    ];
    for (const p of paths) {
      const r = await get(p);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.status, p).toBeLessThan(500);
      expect(r.location, p).toBeUndefined();
      expect(r.type, p).toContain('application/json');
    }
    const ok = await get(`/api/download?id=${shortId}`);
    expect(ok.status).toBe(302);
    expect(ok.location!.startsWith(`${ep.driveRootUrl}/`)).toBe(true);
  });

  it("refuses to extend or delete another user's link, and to shorten another user's file", async () => {
    const { shortId } = await shorten(ep, token, fileId);
    const mallory = await devToken(ep, 'mallory@example.com');
    const as = (t: string, method: string, path: string, body: unknown) =>
      fetch(`${ep.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await as(mallory, 'PATCH', '/api/shorten', { slug: shortId })).status).toBe(404);
    expect((await as(mallory, 'DELETE', '/api/shorten', { slug: shortId })).status).toBe(404);
    expect((await as(mallory, 'POST', '/api/shorten', { fileId })).status).toBe(404);
    expect((await as(token, 'DELETE', '/api/shorten', { slug: shortId })).status).toBe(204);
    expect((await get(`/api/d/${shortId}`)).status).toBe(410);
    expect((await get(`/api/s?slug=${shortId}&probe=1`)).status).toBe(410);
  });

  it('stops redirecting the moment a link expires (410 within 1 s)', async () => {
    const expiresAt = new Date(Date.now() + 4_000);
    const { shortId } = await shorten(ep, token, fileId, { expiresAt: expiresAt.toISOString() });
    expect((await get(`/api/d/${shortId}`)).status).toBe(302);
    expect((await get(`/api/s?slug=${shortId}&probe=1`)).status).toBe(204);
    while (Date.now() < expiresAt.getTime() - 50) await new Promise((r) => setTimeout(r, 50));
    let status = (await get(`/api/d/${shortId}`)).status;
    while (status === 302) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await get(`/api/d/${shortId}`)).status;
    }
    expect(status).toBe(410);
    expect(Date.now() - expiresAt.getTime()).toBeLessThan(1_000);
  });
});
