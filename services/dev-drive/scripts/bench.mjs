#!/usr/bin/env node
/**
 * Loopback benchmark of the Drive stand-in (run `npm run build` first).
 *
 *   node scripts/bench.mjs [--throughput] [--memory] [--size-mib 512] [--memory-mib 2048]
 *
 * throughput: a resumable upload in 5 MiB chunks vs one PUT of the same bytes to the same server
 *             (both through a resumable session), printing both rates and their ratio (goal ≥ 0.8).
 * memory:     a 2 GiB resumable upload in 5 MiB chunks; prints the server's RSS growth
 *             (peak VmHWM minus the RSS before the upload; goal < 100 MiB).
 * The server runs as a child process (dist/main.js) with a throw-away data dir; a tiny
 * introspection endpoint in this process accepts the bench token.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const num = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const runAll = !flag('throughput') && !flag('memory');
const SIZE = num('size-mib', 512) * MiB;
const MEMORY_SIZE = num('memory-mib', 2048) * MiB;
const TOKEN = 'bench-token';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'dev-drive-bench-'));
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
// One random 5 MiB block, repeated: the server cannot tell, and the client stays cheap.
const block = randomBytes(CHUNK);

async function startIntrospection() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          active: true,
          sub: '1',
          client_id: 'bench',
          scope: 'https://www.googleapis.com/auth/drive.file',
          email: 'bench@example.com',
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
      );
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${server.address().port}/token/introspection` };
}

async function startDrive(introspectionUrl) {
  const child = spawn(process.execPath, [join(here, '..', 'dist', 'main.js')], {
    env: {
      ...process.env,
      DRIVE_PORT: '0',
      DRIVE_DATA_DIR: dataDir,
      DRIVE_INTROSPECTION_URL: introspectionUrl,
      DRIVE_INTROSPECTION_CLIENT_ID: 'bench',
      DRIVE_INTROSPECTION_CLIENT_SECRET: 'bench',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(buf);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`dev-drive exited with ${code}`)));
  });
  child.stdout.resume();
  return { child, url };
}

function send(url, method, headers, writeBody) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    writeBody(req).then(() => req.end(), reject);
  });
}

async function writeBytes(req, length) {
  let left = length;
  while (left > 0) {
    const n = Math.min(left, block.length);
    if (!req.write(n === block.length ? block : block.subarray(0, n))) await new Promise((r) => req.once('drain', r));
    left -= n;
  }
}

async function initiate(base, name, size) {
  const body = JSON.stringify({ name });
  const r = await send(
    `${base}/upload/drive/v3/files?uploadType=resumable&fields=id,size`,
    'POST',
    {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(body),
      'x-upload-content-length': String(size),
    },
    async (req) => req.write(body),
  );
  if (r.status !== 200) throw new Error(`initiate: ${r.status} ${r.body}`);
  return r.headers.location;
}

async function chunkedUpload(base, size) {
  const session = await initiate(base, 'chunked.bin', size);
  const t0 = performance.now();
  for (let first = 0; first < size; first += CHUNK) {
    const last = Math.min(first + CHUNK, size) - 1;
    const r = await send(
      session,
      'PUT',
      { 'content-range': `bytes ${first}-${last}/${size}`, 'content-length': last - first + 1 },
      (req) => writeBytes(req, last - first + 1),
    );
    const expected = last + 1 === size ? 200 : 308;
    if (r.status !== expected) throw new Error(`chunk ${first}: ${r.status} ${r.body}`);
  }
  return (performance.now() - t0) / 1000;
}

async function singlePut(base, size) {
  const session = await initiate(base, 'single.bin', size);
  const t0 = performance.now();
  const r = await send(session, 'PUT', { 'content-length': size }, (req) => writeBytes(req, size));
  if (r.status !== 200) throw new Error(`single PUT: ${r.status} ${r.body}`);
  return (performance.now() - t0) / 1000;
}

function procStatus(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)[1]);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

const fmt = (bytes, secs) => `${(bytes / MiB / secs).toFixed(1)} MiB/s`;

const idp = await startIntrospection();
const { child, url } = await startDrive(idp.url);
try {
  // Warm up JIT, sockets and the introspection cache.
  await chunkedUpload(url, 3 * CHUNK);
  await singlePut(url, 3 * CHUNK);

  if (runAll || flag('throughput')) {
    const tChunked = await chunkedUpload(url, SIZE);
    const tSingle = await singlePut(url, SIZE);
    const ratio = tSingle / tChunked;
    console.log(`resumable, ${SIZE / MiB} MiB in 5 MiB chunks: ${tChunked.toFixed(2)} s, ${fmt(SIZE, tChunked)}`);
    console.log(`single PUT, ${SIZE / MiB} MiB:                 ${tSingle.toFixed(2)} s, ${fmt(SIZE, tSingle)}`);
    console.log(
      `ratio chunked/single throughput: ${ratio.toFixed(2)} (goal >= 0.80) ${ratio >= 0.8 ? 'OK' : 'BELOW GOAL'}`,
    );
  }

  if (runAll || flag('memory')) {
    // VmHWM is the peak since start; reset it (Linux: write 5 to clear_refs) so it measures this upload only.
    try {
      await import('node:fs').then((fs) => fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5'));
    } catch {
      console.log('(could not reset VmHWM; peak includes earlier runs)');
    }
    const before = procStatus(child.pid);
    const t = await chunkedUpload(url, MEMORY_SIZE);
    const after = procStatus(child.pid);
    const growth = after.hwm - before.rss;
    console.log(
      `memory: ${MEMORY_SIZE / MiB} MiB resumable upload (${fmt(MEMORY_SIZE, t)}): server RSS before ${(before.rss / MiB).toFixed(1)} MiB, peak ${(after.hwm / MiB).toFixed(1)} MiB, growth ${(growth / MiB).toFixed(1)} MiB (goal < 100 MiB) ${growth < 100 * MiB ? 'OK' : 'ABOVE GOAL'}`,
    );
    const before2 = procStatus(child.pid);
    try {
      await import('node:fs').then((fs) => fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5'));
    } catch {}
    const t2 = await singlePut(url, MEMORY_SIZE);
    const after2 = procStatus(child.pid);
    const growth2 = after2.hwm - before2.rss;
    console.log(
      `memory: ${MEMORY_SIZE / MiB} MiB single PUT (${fmt(MEMORY_SIZE, t2)}): growth ${(growth2 / MiB).toFixed(1)} MiB (goal < 100 MiB) ${growth2 < 100 * MiB ? 'OK' : 'ABOVE GOAL'}`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  idp.server.close();
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
