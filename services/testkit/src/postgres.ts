import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** A server that can be stopped and started again on the same port with its data (failure drills). */
export interface RestartableServer extends RunningServer {
  /** Stops the server process and keeps its data; `resume()` starts it again. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and waits until it answers. */
  resume(): Promise<void>;
}

/** Finds the PostgreSQL server binaries (FERRY_PG_BIN, else the newest /usr/lib/postgresql/<v>/bin). */
export function postgresBinDir(): string {
  const fromEnv = process.env.FERRY_PG_BIN;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL server binaries not found: install the Debian package postgresql (or set FERRY_PG_BIN)',
    );
  }
  return join(root, versions[0], 'bin');
}

// PostgreSQL refuses to run as root, so as root the server runs as the postgres system user.
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return { uid: uidOf('postgres'), gid: gidOf('postgres') };
}

/** Starts a private, throw-away PostgreSQL server on a free loopback port. */
export async function startPostgres(): Promise<RestartableServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'ferry-pg-'));
  const user = serverUser();
  if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  execFileSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { stdio: 'pipe', cwd: dir, ...user },
  );
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...user },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    try {
      await waitFor('PostgreSQL to accept connections', async () => {
        if (child.exitCode !== null) throw new Error(`postgres exited: ${stderr}`);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.end();
        return true;
      });
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
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
    // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, committed data is kept.
    halt: () => stopChild(child, 'SIGINT'),
    resume: async () => {
      child = await launch();
    },
    stop: () => stopChild(child, 'SIGINT').then(() => rmSync(dir, { recursive: true, force: true })),
  };
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}
