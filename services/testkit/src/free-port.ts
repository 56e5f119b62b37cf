import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Ports are taken from below the kernel's ephemeral range (32768 and up on Linux): a port the kernel
 * handed out with `listen(0)` and then released can be taken as the source port of any outgoing
 * connection before the service binds it. Each port is reserved across processes with a directory
 * made atomically, so test files that start private stacks at the same time never share one.
 */
const FIRST = 20_000;
const LAST = 32_000;
const RESERVATIONS = join(tmpdir(), 'ferry-port-reservations');
const RESERVATION_LIFETIME_MS = 2 * 60 * 60 * 1000;

function dropStaleReservations(now: number): void {
  for (const name of readdirSync(RESERVATIONS)) {
    const path = join(RESERVATIONS, name);
    try {
      if (now - statSync(path).mtimeMs > RESERVATION_LIFETIME_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process removed it first
    }
  }
}

function reserve(port: number): boolean {
  try {
    mkdirSync(join(RESERVATIONS, String(port)));
    return true;
  } catch {
    return false;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free loopback port that no other test process has been given in the last two hours. */
export async function freePort(): Promise<number> {
  mkdirSync(RESERVATIONS, { recursive: true });
  dropStaleReservations(Date.now());
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (!reserve(port)) continue;
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
