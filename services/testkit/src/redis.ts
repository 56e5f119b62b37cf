import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { freePort } from './free-port.js';
import { stopChild, type RestartableServer } from './postgres.js';
import { waitFor } from './wait-for.js';

export interface RedisOptions {
  /**
   * Keep the data across a restart in an append-only file (fsync once a second), as a production
   * Redis that holds queues would. Default off: a throw-away server keeps nothing.
   */
  appendOnly?: boolean;
}

/** Starts a private, throw-away Redis server on a free loopback port. */
export async function startRedis(options: RedisOptions = {}): Promise<RestartableServer> {
  const binary = process.env.FERRY_REDIS_SERVER ?? 'redis-server';
  const dir = mkdtempSync(join(tmpdir(), 'ferry-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const persistence = options.appendOnly
    ? ['--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no'];
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', dir],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let failure: Error | undefined;
    child.on('error', (error) => {
      failure = new Error(`cannot start ${binary}: ${error.message} (install the Debian package redis-server)`);
    });
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
      throw failure ?? error;
    }
    return child;
  };
  let child: ChildProcess;
  try {
    child = await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    // SIGTERM: Redis flushes its append-only file (when on) and exits.
    halt: () => stopChild(child, 'SIGTERM'),
    resume: async () => {
      child = await launch();
    },
    stop: () => stopChild(child, 'SIGTERM').then(() => rmSync(dir, { recursive: true, force: true })),
  };
}
