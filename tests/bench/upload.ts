/**
 * The upload benchmark (not part of npm test): in Chromium, the upload code (adaptive chunks over
 * XHR) against one raw `fetch` PUT of the same file to the same Drive stand-in, in alternating
 * pairs, (a) on loopback and (b) through an emulated wide-area link (a network namespace with
 * `tc tbf` at 200 Mbit/s and a delaying TCP proxy for a 50 ms round trip); then the JS heap growth
 * while the upload code sends a 2 GiB file. Prints every pair with the chunk sizes used.
 *
 *   npm run build && npm run bench:upload -w @ferry/tests      # needs root (ip netns, tc)
 *
 * BENCH_UPLOAD_MIB (256), BENCH_UPLOAD_PAIRS (3), BENCH_HEAP_MIB (2048; 0 skips), BENCH_WAN=0 skips (b).
 * Goals (issue "Uploads at line speed"): code / raw ≥ 0.9 on loopback and through the link; heap < 100 MiB.
 */
import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { devToken } from '../load/lib/fixtures.ts';
import { stackForSuite } from '../support/stack.ts';
import { startDelayProxy } from './delay-proxy.ts';
import { createWanLink } from './wan-link.ts';

const MiB = 1024 * 1024;
const UPLOAD_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 256);
const PAIRS = Number(process.env.BENCH_UPLOAD_PAIRS ?? 3);
const HEAP_MIB = Number(process.env.BENCH_HEAP_MIB ?? 2048);
const WAN = process.env.BENCH_WAN !== '0';
const CHROMIUM = process.env.FERRY_CHROMIUM ?? '/usr/bin/chromium';
const WAN_RATE_MBIT = 200;
const WAN_RTT_MS = 50;

const uploadPkg = fileURLToPath(new URL('../../mfe-upload/', import.meta.url));
const dist = join(uploadPkg, 'bench', 'dist');

interface UploadRun {
  ms: number;
  mibPerS: number;
  heapGrowthMiB: number;
  chunks: { size: number; ms: number }[];
}
declare global {
  interface Window {
    ferryBench: { upload(root: string, token: string, mib: number, which: 'raw' | 'code'): Promise<UploadRun> };
  }
}

// The page: the upload code of mfe-upload/src without React (mfe-upload/bench/bench-page.ts).
const built = spawnSync('rsbuild', ['build', '-c', 'bench/rsbuild.bench.config.ts'], {
  cwd: uploadPkg,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0 || !existsSync(join(dist, 'index.html'))) throw new Error('bench page build failed');
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
const pageServer = createServer((req, res) => {
  const path = join(dist, new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html'));
  if (!path.startsWith(dist) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
// On every address: the browser inside the namespace loads it through the veth pair.
await new Promise<void>((r) => pageServer.listen(0, '0.0.0.0', r));
const pagePort = (pageServer.address() as { port: number }).port;

function writeRandomFile(path: string, mib: number): string {
  const block = randomFillSync(Buffer.alloc(64 * MiB));
  const fd = openSync(path, 'w');
  for (let left = mib * MiB; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(left, block.length));
  closeSync(fd);
  spawnSync('sync');
  return path;
}

const chunkList = (r: UploadRun) => {
  const sizes = r.chunks.map((c) => +(c.size / MiB).toFixed(2));
  const runs: string[] = [];
  for (let i = 0; i < sizes.length; ) {
    let j = i;
    while (j < sizes.length && sizes[j] === sizes[i]) j++;
    runs.push(j - i > 1 ? `${sizes[i]}×${j - i}` : `${sizes[i]}`);
    i = j;
  }
  return `${r.chunks.length} chunks (MiB): ${runs.join(', ')}`;
};

async function openPage(browser: Browser, host: string, file: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`http://${host}:${pagePort}/`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.locator('#files').setInputFiles([file]);
  return page;
}

async function upload(page: Page, root: string, token: string, mib: number, which: 'raw' | 'code') {
  return page.evaluate(([r, t, m, w]) => window.ferryBench.upload(r, t, m, w), [root, token, mib, which] as const);
}

/** Alternating pairs (raw first); prints each; returns the ratios code / raw. */
async function pairs(label: string, page: Page, root: string, token: string): Promise<number[]> {
  await upload(page, root, token, 16, 'code'); // warm-up (connections, caches), not reported
  const ratios: number[] = [];
  for (let i = 1; i <= PAIRS; i++) {
    const raw = await upload(page, root, token, UPLOAD_MIB, 'raw');
    const code = await upload(page, root, token, UPLOAD_MIB, 'code');
    const ratio = code.mibPerS / raw.mibPerS;
    ratios.push(ratio);
    console.log(
      `[bench] ${label} pair ${i}: raw PUT ${raw.ms.toFixed(0)} ms (${raw.mibPerS.toFixed(1)} MiB/s) · upload code ${code.ms.toFixed(0)} ms (${code.mibPerS.toFixed(1)} MiB/s) · ratio ${ratio.toFixed(3)} · ${chunkList(code)}`,
    );
  }
  return ratios;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const browserArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];

const stack = await stackForSuite();
const dir = mkdtempSync(join(tmpdir(), 'ferry-upload-bench-'));
const cleanups: (() => unknown)[] = [];
const summary: string[] = [];
let failed = false;
try {
  const token = await devToken(
    { baseUrl: stack.baseUrl, issuer: stack.identityIssuer, driveRootUrl: stack.driveRootUrl },
    'upload-bench@example.com',
  );
  const file = writeRandomFile(join(dir, 'upload.bin'), UPLOAD_MIB);

  // (a) loopback
  const local = await chromium.launch({ executablePath: CHROMIUM, args: browserArgs });
  cleanups.push(() => local.close());
  console.log(`[bench] ${UPLOAD_MIB} MiB, ${PAIRS} pairs; chromium ${local.version()}, node ${process.version}`);
  const page = await openPage(local, '127.0.0.1', file);
  const loop = await pairs('loopback', page, stack.driveRootUrl, token);
  summary.push(`(a) loopback: median ratio ${median(loop).toFixed(3)} (goal ≥ 0.9)`);
  failed ||= median(loop) < 0.9;

  // Heap growth while the upload code sends a large file (loopback).
  if (HEAP_MIB > 0) {
    const big = writeRandomFile(join(dir, 'heap.bin'), HEAP_MIB);
    await page.locator('#files').setInputFiles([big]);
    const r = await upload(page, stack.driveRootUrl, token, HEAP_MIB, 'code');
    rmSync(big, { force: true });
    console.log(
      `[bench] heap: ${HEAP_MIB} MiB through the upload code in ${(r.ms / 1000).toFixed(1)} s (${r.mibPerS.toFixed(1)} MiB/s), JS heap growth ${r.heapGrowthMiB.toFixed(1)} MiB · ${chunkList(r)}`,
    );
    summary.push(`heap growth for ${HEAP_MIB} MiB: ${r.heapGrowthMiB.toFixed(1)} MiB (goal < 100 MiB)`);
    failed ||= r.heapGrowthMiB >= 100;
  }

  // (b) through an emulated wide-area link
  if (WAN) {
    const link = createWanLink({ name: `ferrybench${process.pid}`, rateMbit: WAN_RATE_MBIT, chromiumPath: CHROMIUM });
    cleanups.push(() => link.remove());
    const drive = new URL(stack.driveRootUrl);
    const proxy = await startDelayProxy({
      host: link.hostAddress,
      target: { host: drive.hostname === 'localhost' ? '127.0.0.1' : drive.hostname, port: Number(drive.port) },
      delayMs: WAN_RTT_MS / 2,
    });
    cleanups.push(() => proxy.close());
    const remote = await chromium.launch({ executablePath: link.chromium, args: browserArgs });
    cleanups.push(() => remote.close());
    const wanPage = await openPage(remote, link.hostAddress, file);
    const root = `http://${link.hostAddress}:${proxy.port}`;
    const rtt = await wanPage.evaluate(async (r) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await fetch(`${r}/__rtt-probe`).catch(() => undefined);
        times.push(performance.now() - t0);
      }
      return Math.min(...times);
    }, root);
    console.log(
      `[bench] emulated link: ${WAN_RATE_MBIT} Mbit/s (tc tbf, both ways), ${WAN_RTT_MS} ms round trip (delaying proxy); measured request round trip ${rtt.toFixed(0)} ms`,
    );
    const wan = await pairs('wan', wanPage, root, token);
    summary.push(`(b) ${WAN_RTT_MS} ms / ${WAN_RATE_MBIT} Mbit/s: median ratio ${median(wan).toFixed(3)} (goal ≥ 0.9)`);
    failed ||= median(wan) < 0.9;
  }
  for (const line of summary) console.log(`[bench] ${line}`);
  console.log(failed ? '[bench] goals missed' : '[bench] goals met');
} finally {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  pageServer.close();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
