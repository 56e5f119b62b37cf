import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { freePort } from './free-port.js';
import { stopChild, type RunningServer } from './postgres.js';
import { waitFor } from './wait-for.js';

/** Starts a private, throw-away Redis server (no persistence) on a free loopback port. */
export async function startRedis(): Promise<RunningServer> {
  const binary = process.env.FERRY_REDIS_SERVER ?? 'redis-server';
  const dir = mkdtempSync(join(tmpdir(), 'ferry-redis-'));
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let failure: Error | undefined;
  child.on('error', (error) => {
    failure = new Error(`cannot start ${binary}: ${error.message} (install the Debian package redis-server)`);
  });
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitFor('Redis to answer PING', async () => {
      if (failure) throw failure;
      const client = createClient({ url });
      client.on('error', () => undefined);
      await client.connect();
      const pong = await client.ping();
      await client.close();
      return pong === 'PONG';
    });
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw failure ?? error;
  }
  return { url, stop: () => stopChild(child, 'SIGTERM').then(() => rmSync(dir, { recursive: true, force: true })) };
}
