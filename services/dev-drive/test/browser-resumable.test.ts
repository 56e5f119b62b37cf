import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, startHarness, type Harness, type TestUser } from './support/harness.js';

const MiB = 1024 * 1024;
const TOTAL = 100 * MiB;
const CHUNK = 5 * MiB;

let h: Harness;
let user: TestUser;
let browser: Browser;
let appServer: Server;
let appOrigin: string;

beforeAll(async () => {
  h = await startHarness();
  user = h.idp.add({ sub: '400', email: 'browser@example.com', clientId: 'ferry-web' });
  // A separate origin for the "web app", so every Drive call is cross-origin (CORS preflights included).
  appServer = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'),
  );
  await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', r));
  appOrigin = `http://localhost:${(appServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => appServer.close(() => r()));
  await h.close();
});

it('Chromium fetch: 100 MiB resumable upload in 5 MiB chunks, cut mid-way, resumed from Range, byte-identical', async () => {
  // The 9th chunk PUT is cut after 2 MiB + 12345 bytes of its body. Chromium silently re-sends a
  // request that failed on a reused keep-alive connection (up to twice), so the next 3 chunk
  // PUTs are cut: the page sees at least one failure whatever the browser retries.
  const fault = await fetch(`${h.url}/__admin/faults`, {
    method: 'POST',
    body: JSON.stringify({
      method: 'PUT',
      path: '/upload/drive/v3/files',
      skip: 8,
      count: 3,
      cutAfterBytes: 2 * MiB + 12345,
    }),
  });
  expect(fault.status).toBe(200);

  const page = await browser.newPage();
  await page.goto(appOrigin);
  const result = await page.evaluate(
    async ({ driveUrl, token, total, chunkSize }) => {
      const data = new Uint8Array(total);
      for (let i = 0; i < total; i += 65536) crypto.getRandomValues(data.subarray(i, Math.min(i + 65536, total)));
      const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');

      const init = await fetch(`${driveUrl}/upload/drive/v3/files?uploadType=resumable&fields=id,size,md5Checksum`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-type': 'application/octet-stream',
          'x-upload-content-length': String(total),
        },
        body: JSON.stringify({ name: 'browser-100MiB.bin', appProperties: { ferry: '1' } }),
      });
      const session = init.headers.get('location');
      if (init.status !== 200 || !session) throw new Error(`initiate failed: ${init.status}`);

      const events: string[] = [];
      let offset = 0;
      let file: Record<string, string> | undefined;
      let failures = 0;
      while (!file) {
        const end = Math.min(offset + chunkSize, total) - 1;
        let res: Response;
        try {
          res = await fetch(session, {
            method: 'PUT',
            headers: { 'content-range': `bytes ${offset}-${end}/${total}` },
            body: data.subarray(offset, end + 1),
          });
        } catch (e) {
          failures++;
          if (failures > 3) throw e;
          events.push(`cut while sending ${offset}-${end}`);
          // Ask where to resume.
          const status = await fetch(session, { method: 'PUT', headers: { 'content-range': `bytes */${total}` } });
          if (status.status !== 308) throw new Error(`status query returned ${status.status}`);
          const range = status.headers.get('range');
          offset = range ? Number(/-(\d+)$/.exec(range)![1]) + 1 : 0;
          events.push(`resume from ${offset}`);
          continue;
        }
        if (res.status === 308) {
          const range = res.headers.get('range');
          offset = range ? Number(/-(\d+)$/.exec(range)![1]) + 1 : 0;
        } else if (res.ok) {
          file = (await res.json()) as Record<string, string>;
        } else {
          throw new Error(`chunk PUT failed: ${res.status} ${await res.text()}`);
        }
      }
      return { sha256, file, events };
    },
    { driveUrl: h.url, token: user.token, total: TOTAL, chunkSize: CHUNK },
  );

  const cuts = result.events.filter((e) => e.startsWith('cut'));
  expect(cuts.length).toBeGreaterThanOrEqual(1);
  expect(cuts.length).toBeLessThanOrEqual(3);
  expect(result.events[0]).toBe(`cut while sending ${8 * CHUNK}-${9 * CHUNK - 1}`);
  const resumedAt = Number(/^resume from (\d+)$/.exec(result.events[1]!)![1]);
  // The bytes that reached the server before the cut were kept: the upload did not restart at the chunk.
  expect(resumedAt).toBeGreaterThan(8 * CHUNK);
  expect(resumedAt).toBeLessThanOrEqual(8 * CHUNK + 2 * MiB + 12345);
  expect(await (await fetch(`${h.url}/__admin/faults`)).json()).toEqual({ faults: [] });
  expect(result.file.size).toBe(String(TOTAL));

  const download = await api(h, user.token, `/drive/v3/files/${result.file.id}?alt=media`);
  const hash = createHash('sha256');
  const md5 = createHash('md5');
  for await (const chunk of download.body!) {
    hash.update(chunk);
    md5.update(chunk);
  }
  expect(hash.digest('hex')).toBe(result.sha256);
  expect(md5.digest('hex')).toBe(result.file.md5Checksum);
}, 120_000);
