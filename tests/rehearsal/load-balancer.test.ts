import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@ferry/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoadBalancer, type LoadBalancer } from '../../scripts/lib/rehearsal/load-balancer.ts';

interface Upstream {
  name: string;
  port: number;
  server: Server;
  /** X-Forwarded-For of each request it got. */
  forwardedFor: string[];
  /** X-Request-ID of each request it got. */
  requestIds: string[];
}

/** An upstream that answers its name, or (`dies`) resets the connection once it has read the request, as a SIGKILL would. */
async function upstream(name: string, dies = false): Promise<Upstream> {
  const forwardedFor: string[] = [];
  const requestIds: string[] = [];
  const server = createServer((req, res) => {
    forwardedFor.push(String(req.headers['x-forwarded-for']));
    requestIds.push(String(req.headers['x-request-id']));
    req.resume();
    req.on('end', () => (dies ? req.socket.resetAndDestroy() : res.end(name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { name, port: (server.address() as AddressInfo).port, server, forwardedFor, requestIds };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function answer(lb: LoadBalancer, init: RequestInit = {}): Promise<[number, string]> {
  const res = await fetch(`${lb.url.replace('localhost', '127.0.0.1')}/api/x`, init);
  return [res.status, await res.text()];
}

describe('the rehearsal load balancer', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function setup(bDies = false): Promise<{ lb: LoadBalancer; a: Upstream; b: Upstream }> {
    const a = await upstream('a');
    const b = await upstream('b', bDies);
    cleanup.push(
      () => close(a.server),
      () => close(b.server),
    );
    const lb = await startLoadBalancer({ port: await freePort(), upstreams: [a, b] });
    cleanup.push(() => lb.close());
    return { lb, a, b };
  }

  it('takes turns and replaces what the client claims in X-Forwarded-For', async () => {
    const { lb, a, b } = await setup();
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push((await answer(lb, { headers: { 'x-forwarded-for': '203.0.113.9' } }))[1]);
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    expect([...a.forwardedFor, ...b.forwardedFor]).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('sends a GET that met a dead upstream to the next one, and skips the dead one for a while', async () => {
    const { lb, b } = await setup();
    await close(b.server);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await answer(lb));
    expect(answers).toEqual([
      [200, 'a'],
      [200, 'a'],
      [200, 'a'],
      [200, 'a'],
    ]);
    expect(lb.stats()).toEqual([
      { name: 'a', answered: 4, failures: 0 },
      { name: 'b', answered: 0, failures: 1 },
    ]);
  });

  it('gives each request its own X-Request-ID, or keeps the one the client sent', async () => {
    const { lb, a, b } = await setup();
    await answer(lb);
    await answer(lb);
    await answer(lb, { headers: { 'x-request-id': 'client-chosen-1' } });
    const ids = [a.requestIds[0], b.requestIds[0], a.requestIds[1]];
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe('client-chosen-1');
  });

  it('resends a GET whose upstream died after reading it to the next one with the same X-Request-ID', async () => {
    const { lb, a, b } = await setup(true);
    await answer(lb); // a
    expect(await answer(lb)).toEqual([200, 'a']); // b read it and reset: sent again to a
    expect(b.requestIds).toHaveLength(1);
    expect(a.requestIds).toHaveLength(2);
    expect(a.requestIds[1]).toBe(b.requestIds[0]);
    expect(a.requestIds[0]).not.toBe(b.requestIds[0]);
  });

  it('does not send a POST twice: a dead upstream is a 502', async () => {
    const { lb, b } = await setup();
    await close(b.server);
    const first = await answer(lb, { method: 'POST', body: 'x' });
    const second = await answer(lb, { method: 'POST', body: 'x' });
    expect([first[0], second[0]]).toEqual([200, 502]);
    expect(JSON.parse(second[1])).toMatchObject({ code: 'upstream_failed' });
  });
});
