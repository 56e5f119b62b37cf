import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HealthService } from '@ferry/contracts/health/v1';
import type * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './helpers.js';
import { keyPem, startTestGrpcServer, testCallerKeys } from '@ferry/service-kit/testing';

/**
 * The real process: src/main.ts compiled to a private folder (not dist/, which the build owns),
 * started with node, stopped with SIGTERM.
 */
const pkgDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(pkgDir, 'node_modules', '.cache', 'main-test');
const mainJs = path.join(outDir, 'main.js');

interface Proc {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: () => string;
  exited: Promise<number | null>;
  waitForLine(msg: string): Promise<Record<string, unknown>>;
}

function startMain(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [mainJs], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
  const lines: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  let buffered = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim()) lines.push(JSON.parse(line));
      for (const w of waiters.splice(0)) w();
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => err,
    exited,
    async waitForLine(msg) {
      for (;;) {
        const found = lines.find((l) => l.msg === msg);
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before "${msg}": ${err}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), exited]);
      }
    },
  };
}

let hangingBackend: grpc.Server;
let hangingPort: number;
let probeArrived!: () => void;
const probed = new Promise<void>((r) => (probeArrived = r));
const running: ChildProcess[] = [];

beforeAll(async () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [
    tsc,
    '-p',
    path.join(pkgDir, 'tsconfig.build.json'),
    '--outDir',
    outDir,
    '--declaration',
    'false',
    '--sourceMap',
    'false',
  ]);
  // A backend whose health Check never answers: /api/health then takes the whole probe timeout.
  ({ server: hangingBackend, port: hangingPort } = await startTestGrpcServer(HealthService, {
    check: () => probeArrived(),
  }));
}, 120_000);

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  hangingBackend?.forceShutdown();
});

describe('main', () => {
  it('exits 1 naming the missing variables', async () => {
    const p = startMain({ LINK_ADDR: '127.0.0.1:1' });
    running.push(p.child);
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toContain('GATEWAY_PORT is missing');
    expect(p.stderr()).toContain('BILLING_ADDR is missing');
    expect(p.stderr()).not.toContain('LINK_ADDR');
    expect(p.stderr()).not.toMatch(/at .*\.js:\d+/);
  });

  it('serves, then on SIGTERM finishes the request in flight and exits 0', async () => {
    const down = `127.0.0.1:${await closedPort()}`;
    const p = startMain({
      GATEWAY_PORT: '0',
      LINK_ADDR: `127.0.0.1:${hangingPort}`,
      NOTIFICATION_ADDR: down,
      BILLING_ADDR: down,
      GRPC_DEADLINE_MS: '1000',
      LOG_LEVEL: 'info',
      PUBLIC_ORIGIN: 'http://localhost:8080',
      OIDC_PROVIDER: 'local',
      OIDC_ISSUER: 'http://127.0.0.1:1',
      OIDC_CLIENT_ID: 'ferry-gateway',
      OIDC_CLIENT_SECRET: 'test-secret-123',
      CALLER_ASSERTION_PRIVATE_KEY: keyPem(testCallerKeys().gateway.privateKey),
    });
    running.push(p.child);
    const listening = await p.waitForLine('gateway listening');
    const base = `http://127.0.0.1:${listening.port as number}`;

    const live = await fetch(`${base}/api/livez`);
    expect(live.status).toBe(200);

    const inFlight = fetch(`${base}/api/health`);
    await probed; // the health request is inside the gateway, waiting for the link backend
    p.child.kill('SIGTERM');
    await p.waitForLine('gateway draining');
    const health = await inFlight;
    expect(health.status).toBe(503);
    const body = (await health.json()) as { services: Record<string, string> };
    expect(body.services).toMatchObject({ gateway: 'SERVING', link: 'UNREACHABLE', billing: 'UNREACHABLE' });

    expect(await p.exited).toBe(0);
    expect(p.lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['gateway draining', 'gateway stopped', 'stopped']),
    );
    await expect(fetch(`${base}/api/livez`)).rejects.toThrow();
  });
});
