// Upload benchmark (not part of `npm test`): node mfe-upload/bench/run.ts
//   FERRY_BASE_URL (default http://localhost:8080): a running stack, to sign in and find the Drive root.
// Builds bench/dist if missing, serves it, and runs in Chromium:
//   1. zipping 300 files / 200 MiB with Ferry's zip stream (and JSZip for comparison) vs `zip -0`, heap growth;
//   2. 256 MiB through the upload code (5 MiB resumable chunks) vs one raw fetch PUT to the same stand-in;
//   3. the same pair against a byte-counting sink (sink-server.ts): the ceiling of that ratio here.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startSinkServer } from './sink-server.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = join(here, '..');
const dist = join(here, 'dist');
const baseURL = process.env.FERRY_BASE_URL ?? 'http://localhost:8080';
const MiB = 1024 * 1024;
const ZIP_FILES = Number(process.env.BENCH_ZIP_FILES ?? 300);
const ZIP_MIB = Number(process.env.BENCH_ZIP_MIB ?? 200);
const UPLOAD_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 256);
const UPLOAD_RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 2);

if (!existsSync(join(dist, 'index.html')) || process.env.BENCH_REBUILD) {
  const r = spawnSync('rsbuild', ['build', '-c', 'bench/rsbuild.bench.config.ts'], { cwd: pkg, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
const server = createServer((req, res) => {
  const path = join(dist, new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html'));
  if (!path.startsWith(dist) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const pageUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;

// 300 files, 200 MiB in total, sizes spread around the mean.
const dir = mkdtempSync(join(tmpdir(), 'ferry-zip-bench-'));
const src = join(dir, 'files');
mkdirSync(src);
const paths: string[] = [];
let left = ZIP_MIB * MiB;
for (let i = 0; i < ZIP_FILES; i++) {
  const size =
    i === ZIP_FILES - 1 ? left : Math.floor(((ZIP_MIB * MiB) / ZIP_FILES) * (0.5 + ((i * 7919) % 100) / 100));
  left -= size;
  const p = join(src, `file-${String(i).padStart(3, '0')}.bin`);
  writeFileSync(p, randomFillSync(Buffer.alloc(size)));
  paths.push(p);
}
const t0 = performance.now();
execFileSync('zip', ['-0', '-q', '-r', join(dir, 'out.zip'), '.'], { cwd: src });
const zipMs = performance.now() - t0;
const zipBytes = statSync(join(dir, 'out.zip')).size;

const browser = await chromium.launch({
  executablePath: process.env.FERRY_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
try {
  const page = await browser.newPage();
  await page.goto(pageUrl);
  await page.waitForSelector('body[data-ready="1"]');
  await page.locator('#files').setInputFiles(paths);
  const ferry = await page.evaluate(() => window.ferryBench.zipFerry());
  const jszip = await page.evaluate(() => window.ferryBench.zipJszip());
  console.log(
    `[bench] zip ${ZIP_FILES} files / ${ZIP_MIB} MiB on ${readdirSync(src).length} files; node ${process.version}; chromium ${browser.version()}`,
  );
  console.log(`[bench] zip -0 (Info-ZIP)          ${zipMs.toFixed(0)} ms (${(zipBytes / MiB).toFixed(1)} MiB archive)`);
  console.log(
    `[bench] Ferry zip stream            ${ferry.ms.toFixed(0)} ms = ${(ferry.ms / zipMs).toFixed(2)} × zip -0, heap growth ${ferry.heapGrowthMiB.toFixed(1)} MiB, ${(ferry.result / MiB).toFixed(1)} MiB produced`,
  );
  console.log(
    `[bench] JSZip generateInternalStream ${jszip.ms.toFixed(0)} ms = ${(jszip.ms / zipMs).toFixed(2)} × zip -0, heap growth ${jszip.heapGrowthMiB.toFixed(1)} MiB, ${(jszip.result / MiB).toFixed(1)} MiB produced`,
  );
  // The upload source is a file on disk, picked as a user would.
  const bigFile = join(dir, 'upload.bin');
  writeFileSync(bigFile, randomFillSync(Buffer.alloc(UPLOAD_MIB * MiB)));
  // The zip part left ~650 MiB of dirty pages; their writeback would slow the stand-in's disk
  // writes during the upload pairs (the raw PUT most: it writes without pauses).
  execFileSync('sync');
  await page.locator('#files').setInputFiles(UPLOAD_MIB > 0 ? [bigFile] : []);

  // Sign in through the stack to get a Drive token, then upload from the bench page.
  const config = (await (await fetch(new URL('/api/config', baseURL))).json()) as { driveRootUrl: string };
  const login = await browser.newPage();
  await login.goto(new URL(`/api/auth/login?next=${encodeURIComponent('/upload')}`, baseURL).href);
  const email = login.locator('input[type="email"]');
  const allow = login.locator('#allow');
  await email.or(allow).first().waitFor();
  if (await email.isVisible()) {
    await email.fill('bench@example.com');
    await login.getByRole('button', { name: 'Continue' }).click();
  }
  await allow.click();
  await login.waitForURL((u) => u.pathname === '/upload');
  const token = await login.evaluate(() => window.localStorage.getItem('ferry_access_token'));
  if (!token) throw new Error('no token after sign-in');
  await login.close();

  await page.evaluate(([root, t]) => window.ferryBench.upload(root!, t!, 16, 'code'), [config.driveRootUrl, token]); // warm-up
  const runs: { which: string; ms: number; mibPerS: number }[] = [];
  for (const which of Array.from({ length: UPLOAD_RUNS }, () => ['raw', 'code'] as const).flat()) {
    const r = await page.evaluate(
      ([root, t, w, mib]) => window.ferryBench.upload(root as string, t as string, mib as number, w as 'raw' | 'code'),
      [config.driveRootUrl, token, which, UPLOAD_MIB] as const,
    );
    runs.push({ which, ...r });
    console.log(
      `[bench] upload ${UPLOAD_MIB} MiB ${which.padEnd(4)} ${r.ms.toFixed(0)} ms, ${r.mibPerS.toFixed(1)} MiB/s${r.requests ? ` (${r.requests} PUTs, median ${r.medianRequestMs.toFixed(0)} ms, max ${r.maxRequestMs.toFixed(0)} ms, sum ${r.sumRequestMs!.toFixed(0)} ms, slowest [index, ms] ${JSON.stringify(r.slowest)})` : ''}`,
    );
  }
  const best = (rs: typeof runs, w: string) => Math.max(...rs.filter((r) => r.which === w).map((r) => r.mibPerS));
  /** code ÷ raw of each alternating pair, for the spread a single figure hides. */
  const pairs = (rs: typeof runs) =>
    rs
      .flatMap((r, i) => (r.which === 'code' && rs[i - 1]?.which === 'raw' ? [r.mibPerS / rs[i - 1]!.mibPerS] : []))
      .map((x) => x.toFixed(2))
      .join(', ');
  console.log(
    `[bench] upload code / raw PUT (best of ${UPLOAD_RUNS} each, alternating): ${(best(runs, 'code') / best(runs, 'raw')).toFixed(2)} (goal ≥ 0.8); pairs ${pairs(runs)}`,
  );

  // The same pair against a server that only counts bytes: the ceiling this browser and machine allow.
  const sink = await startSinkServer();
  try {
    const sinkRuns: typeof runs = [];
    for (const which of Array.from({ length: UPLOAD_RUNS }, () => ['raw', 'code'] as const).flat()) {
      const r = await page.evaluate(
        ([root, w, mib]) => window.ferryBench.upload(root as string, 'sink', mib as number, w as 'raw' | 'code'),
        [sink.rootUrl, which, UPLOAD_MIB] as const,
      );
      sinkRuns.push({ which, ...r });
      console.log(
        `[bench] sink upload ${UPLOAD_MIB} MiB ${which.padEnd(4)} ${r.ms.toFixed(0)} ms, ${r.mibPerS.toFixed(1)} MiB/s`,
      );
    }
    console.log(
      `[bench] ceiling: upload code / raw PUT against a byte-counting sink (no disk, no hashing): ${(best(sinkRuns, 'code') / best(sinkRuns, 'raw')).toFixed(2)}; pairs ${pairs(sinkRuns)}`,
    );
  } finally {
    sink.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
