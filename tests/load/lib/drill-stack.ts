/**
 * What the log and kill drills share: a stack started as `npm start` starts it (free ports, a
 * temporary data folder), links over one shared file, redirect load by autocannon, and the bytes a
 * process's rotated log holds.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@ferry/testkit';
import { startStack, type RunningStack } from '../../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../../scripts/lib/settings.ts';
import { pool } from '../../rehearsal/lib/checks.ts';
import { devToken, shorten, uploadSharedFile, type FerryEndpoints } from './fixtures.ts';
import { patiently } from './patiently.ts';

export interface DrillStack {
  stack: RunningStack;
  ports: Ports;
  dataDir: string;
  logDir: string;
  ep: FerryEndpoints;
  stop(): Promise<void>;
}

/** The stack of `npm start` with `env` on top (a variable set to undefined is left out); Ctrl-C stops it. */
export async function startDrillStack(label: string, env: NodeJS.ProcessEnv): Promise<DrillStack> {
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `ferry-${label}-`));
  let stack: RunningStack | undefined;
  const stop = async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    stack = await startStack({ ports, dataDir, quiet: true, env });
  } catch (error) {
    // startStack stopped what it started; the folder goes too.
    await stop();
    throw error;
  }
  const ep: FerryEndpoints = {
    baseUrl: stack.baseUrl.replace('localhost', '127.0.0.1'),
    issuer: stack.defaults.IDENTITY_ISSUER!,
    driveRootUrl: stack.defaults.DRIVE_ROOT_URL!,
  };
  return {
    stack,
    ports,
    dataDir,
    logDir: join(dataDir, 'logs'),
    ep,
    async stop() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await stop();
    },
  };
}

/** `n` links to one shared file, each downloaded once (the gateway's cache warm, the first-download notices started). */
export async function drillLinks(d: DrillStack, n: number): Promise<string[]> {
  const token = await devToken({ ...d.ep, baseUrl: d.stack.baseUrl }, 'drill@example.com');
  const fileId = await uploadSharedFile(d.ep, token, 'drill.bin', Buffer.from('ferry drill\n'));
  // Two at a time: on a busy shared machine more would meet the gateway's gRPC deadline (3 s).
  const slugs = (await pool(n, 2, () => patiently(() => shorten(d.ep, token, fileId)))).map((s) => s.shortId);
  await pool(slugs.length, 2, (i) =>
    patiently(async () => {
      const res = await fetch(`${d.ep.baseUrl}/api/d/${slugs[i]}`, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`first download of ${slugs[i]}: ${res.status}`);
    }),
  );
  return slugs;
}

export interface RedirectRun {
  /** 302 answers with the time (epoch ms) each arrived. */
  redirectsAt: number[];
  /** Answers other than 302, by status (0: no answer). */
  other: Record<string, number>;
  seconds: number;
}

/**
 * `GET /api/d/{slug}` over `slugs` in turn: `amount` requests, or for `durationS` seconds, at
 * `rate` per second when given (else as fast as the stack answers). `during` runs alongside.
 */
export function redirects(
  d: DrillStack,
  slugs: string[],
  opts: { amount?: number; durationS?: number; rate?: number; connections?: number },
): Promise<RedirectRun> {
  const paths = slugs.map((s) => `/api/d/${s}`);
  const redirectsAt: number[] = [];
  const other: Record<string, number> = {};
  const started = Date.now();
  let i = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: d.ep.baseUrl,
        connections: opts.connections ?? 32,
        ...(opts.amount ? { amount: opts.amount } : { duration: opts.durationS }),
        ...(opts.rate ? { overallRate: opts.rate } : {}),
        timeout: 10,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
      },
      (err) => (err ? reject(err) : resolve({ redirectsAt, other, seconds: (Date.now() - started) / 1000 })),
    );
    instance.on('response', (_client, status) => {
      if (status === 302) redirectsAt.push(Date.now());
      else other[status] = (other[status] ?? 0) + 1;
    });
    instance.on('reqError', () => {
      other[0] = (other[0] ?? 0) + 1;
    });
  });
}

/** Each file of a process's log (`<name>.log` and its rotated `<name>.log.<n>`) with its bytes. */
export function logFiles(logDir: string, name: string): Record<string, number> {
  const files: Record<string, number> = {};
  for (const f of readdirSync(logDir).sort())
    if (f === `${name}.log` || f.startsWith(`${name}.log.`)) files[f] = statSync(join(logDir, f)).size;
  return files;
}

export const totalBytes = (files: Record<string, number>) => Object.values(files).reduce((a, b) => a + b, 0);

/** Waits until a process's log stopped growing for `quietMs` (its last lines written), then gives its files. */
export async function settledLog(logDir: string, name: string, quietMs = 1_000): Promise<Record<string, number>> {
  let last = -1;
  let files = logFiles(logDir, name);
  while (totalBytes(files) !== last) {
    last = totalBytes(files);
    await new Promise((r) => setTimeout(r, quietMs));
    files = logFiles(logDir, name);
  }
  return files;
}

export const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
