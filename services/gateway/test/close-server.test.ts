import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeHttpServer } from '../src/http/close-server.js';
import { listen } from './helpers.js';

/** A server whose every request waits until `release()` is called. */
async function holdingServer() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const requestArrived = new Promise<void>((r) => (arrived = r));
  const server = http.createServer(async (_req, res) => {
    arrived();
    await released;
    res.end('done');
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return { server, port, release, requestArrived };
}

function get(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

describe('closeHttpServer', () => {
  it('lets a request in flight finish and refuses new connections', async () => {
    const h = await holdingServer();
    servers.push(h.server);
    const inFlight = get(h.port);
    await h.requestArrived;
    const closed = closeHttpServer(h.server, 10_000);
    await expect(get(h.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    h.release();
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    expect(await closed).toBe(true);
  });

  it('cuts connections still open after the grace period', async () => {
    const h = await holdingServer();
    servers.push(h.server);
    const inFlight = get(h.port);
    await h.requestArrived;
    const started = Date.now();
    expect(await closeHttpServer(h.server, 200)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await expect(inFlight).rejects.toThrow();
    h.release();
  });

  it('resolves at once for a server that is not listening', async () => {
    expect(await closeHttpServer(http.createServer(), 1_000)).toBe(true);
  });
});

describe('closeHttpServer with keep-alive', () => {
  it('does not wait for the keep-alive timeout of a connection whose request finished during the drain', async () => {
    const h = await holdingServer();
    servers.push(h.server);
    h.server.keepAliveTimeout = 30_000;
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: h.port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    await h.requestArrived;
    const closed = closeHttpServer(h.server, 20_000);
    h.release();
    expect(await inFlight).toBe(200);
    const started = Date.now();
    expect(await closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
  });
});
