// Zip benchmark (not part of `npm test`): node mfe-upload/bench/run.ts
// Builds bench/dist if missing, serves it, and in Chromium zips 300 files / 200 MiB with Ferry's zip
// stream (and JSZip for comparison) against `zip -0`, with the heap growth of each.
// The upload benchmark (upload code vs one raw PUT, loopback and an emulated wide-area link) is
// tests/bench/upload.ts (`npm run bench:upload -w @ferry/tests`); it serves the same page.
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

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = join(here, '..');
const dist = join(here, 'dist');
const MiB = 1024 * 1024;
const ZIP_FILES = Number(process.env.BENCH_ZIP_FILES ?? 300);
const ZIP_MIB = Number(process.env.BENCH_ZIP_MIB ?? 200);

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
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
