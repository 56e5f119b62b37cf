import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import type { LinkServiceClient, RecordDownloadsRequest } from '@ferry/contracts/link/v1';
import { startRedis, type RunningServer } from '@ferry/testkit';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountBatch, CountBuffer } from '../src/links/count-buffer.js';
import { DEFAULT_INTERVAL_MS, DownloadCounter } from '../src/links/download-counter.js';
import { fileCountBuffer, replay } from '../src/links/file-count-buffer.js';
import { COUNT_STREAM, redisCountBuffer } from '../src/links/redis-count-buffer.js';
import { silentLogger } from './helpers.js';

type Redis = ReturnType<typeof createClient>;

const batch = (id: string, slug = 'Slug_abc01', count = 1): CountBatch => ({
  id,
  slugs: [slug],
  counts: [count],
  firstAt: 1_700_000_000_000,
});

/**
 * The link service's RecordDownloads as it behaves: every message applied once per batch id.
 * `down` fails every call (UNAVAILABLE) without applying; `loseAcks` applies, then answers
 * UNAVAILABLE (a crash after the commit).
 */
function fakeLink() {
  const state = {
    down: false,
    loseAcks: 0,
    calls: 0,
    duplicates: 0,
    counts: new Map<string, number>(),
    ids: new Set<string>(),
  };
  const fail = () =>
    Object.assign(new Error('unavailable'), {
      code: GrpcStatus.UNAVAILABLE,
      details: 'unavailable',
      metadata: new Metadata(),
    });
  const client = {
    recordDownloads(_md: Metadata, _opts: unknown, cb: (err: Error | null) => void) {
      const messages: RecordDownloadsRequest[] = [];
      return {
        destroyed: false,
        on: () => undefined,
        write: (m: RecordDownloadsRequest) => messages.push(m),
        end: () =>
          setImmediate(() => {
            state.calls++;
            if (state.down) return cb(fail());
            for (const m of messages) {
              if (state.ids.has(m.batchId)) {
                state.duplicates++;
                continue;
              }
              state.ids.add(m.batchId);
              for (const c of m.counts) state.counts.set(c.slug, (state.counts.get(c.slug) ?? 0) + Number(c.count));
            }
            if (state.loseAcks > 0 && state.loseAcks--) return cb(fail());
            cb(null);
          }),
      };
    },
  } as unknown as Pick<LinkServiceClient, 'recordDownloads'>;
  return { client, state, total: () => [...state.counts.values()].reduce((a, b) => a + b, 0) };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A counter that flushes only when told to (the test drives it), on `buffer`, past its first flush at start. */
async function counterOn(link: ReturnType<typeof fakeLink>, buffer: CountBuffer): Promise<DownloadCounter> {
  const counter = new DownloadCounter({ client: link.client, logger: silentLogger(), buffer, intervalMs: 3_600_000 });
  await counter.flush();
  return counter;
}

/** Flushes until the link service acknowledged everything this counter holds (retries back off up to 5 s). */
async function drained(counter: DownloadCounter): Promise<void> {
  await until(async () => {
    await counter.flush();
    return counter.unacknowledged === 0;
  }, 'the counter to drain');
}

let dir: string;
let redisServer: RunningServer;
const clients: Redis[] = [];
const redisClient = async (): Promise<Redis> => {
  const c: Redis = createClient({ url: redisServer.url });
  await c.connect();
  clients.push(c);
  return c;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ferry-count-buffer-'));
  redisServer = await startRedis();
}, 30_000);
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await redisServer?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** Two handles on one durable store, as two runs of one gateway would open it. */
const stores: Record<'file' | 'redis', () => Promise<() => Promise<CountBuffer>>> = {
  file: async () => {
    const path = join(dir, `counts-${++n}.jsonl`);
    return async () => fileCountBuffer(path);
  },
  redis: async () => {
    const redis = await redisClient();
    await redis.del(COUNT_STREAM);
    const owner = `host-${++n}`;
    return async () => redisCountBuffer(redis, { owner });
  },
};

describe.each(['file', 'redis'] as const)('%s count buffer', (kind) => {
  it('gives batches back in order until acknowledged, also to the next run', async () => {
    const open = await stores[kind]();
    const first = await open();
    await first.append(batch('g-1'));
    await first.append(batch('g-2'));
    await first.append(batch('g-3'));
    expect((await first.take(2)).map((b) => b.id)).toEqual(['g-1', 'g-2']);
    await first.ack(['g-1', 'g-3']);
    expect(await first.take(10)).toEqual([batch('g-2')]);
    await first.close();
    const second = await open(); // a restart
    expect(await second.take(10)).toEqual([batch('g-2')]);
    await second.ack(['g-2']);
    expect(await second.take(10)).toEqual([]);
    await second.close();
  });

  it('loses nothing over a link-service outage and a crash mid-drain, and a batch sent twice counts once', async () => {
    const link = fakeLink();
    const open = await stores[kind]();
    const first = await counterOn(link, await open());
    link.state.down = true;
    for (let i = 0; i < 500; i++) first.add(`Slug_${String(i % 7).padStart(5, '0')}`);
    await first.flush();
    for (let i = 0; i < 300; i++) first.add('Slug_00001');
    await first.flush();
    expect(first.unacknowledged).toBe(800);
    expect(link.total()).toBe(0);

    // Back, but the gateway dies right after the link service recorded the batches (the answer never arrives).
    link.state.down = false;
    link.state.loseAcks = 1;
    await until(async () => {
      await first.flush();
      return link.total() > 0;
    }, 'the first delivery');
    expect(link.total()).toBe(800);
    expect(first.acknowledged).toBe(0);

    // The next run finds both batches still buffered and sends them again with the same ids.
    const second = await counterOn(link, await open());
    await drained(second);
    expect(second.acknowledged).toBe(800);
    expect(link.state.duplicates).toBe(2);
    expect(link.total()).toBe(800);
    expect(link.state.counts.get('Slug_00001')).toBe(72 + 300);
    await second.stop(100);
  });
});

describe('file count buffer on disk', () => {
  it('skips a line torn by a crash mid-write and compacts the file at open', async () => {
    const path = join(dir, 'torn.jsonl');
    const first = fileCountBuffer(path);
    await first.append(batch('t-1'));
    await first.append(batch('t-2'));
    await first.ack(['t-1']);
    await first.close();
    appendFileSync(path, '{"b":{"id":"t-3","slugs":["Slu'); // the crash
    const second = fileCountBuffer(path);
    expect((await second.take(10)).map((b) => b.id)).toEqual(['t-2']);
    await second.append(batch('t-4'));
    await second.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { b: CountBatch }).b.id)).toEqual(['t-2', 't-4']);
  });
});

describe('count window without Redis', () => {
  it('moves counts to the file every period, also while a delivery hangs: a crash loses one period at most', async () => {
    // Issue 26: a gateway crash loses at most 250 ms of counts, without a disk write per download.
    expect(DEFAULT_INTERVAL_MS).toBe(250);
    const path = join(dir, 'slow-link.jsonl');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const client = {
      recordDownloads(_md: Metadata, _opts: unknown, cb: (err: Error | null) => void) {
        calls++;
        return {
          destroyed: false,
          on: () => undefined,
          write: () => undefined,
          end: () => void released.then(() => cb(null)),
        };
      },
    } as unknown as Pick<LinkServiceClient, 'recordDownloads'>;
    const counter = new DownloadCounter({
      client,
      logger: silentLogger(),
      buffer: fileCountBuffer(path),
      intervalMs: 50,
    });
    const inFile = (slug: string) =>
      [...replay(readFileSync(path, 'utf8')).values()].some((b) => b.slugs.includes(slug));
    await Promise.all([counter.add('Slug_abc01'), counter.add('Slug_abc01')]);
    await until(() => calls === 1, 'a delivery in flight');
    expect(inFile('Slug_abc01')).toBe(true);
    await counter.add('Slug_abc02');
    await until(() => inFile('Slug_abc02'), 'the next count in the file while the delivery hangs');
    expect(calls).toBe(1);
    // Two downloads of one period went in one batch (one write), not one write each.
    const batches = [...replay(readFileSync(path, 'utf8')).values()];
    expect(batches.find((b) => b.slugs.includes('Slug_abc01'))?.counts).toEqual([2]);
    release();
    await counter.stop();
    expect(counter.unacknowledged).toBe(0);
  });
});

describe('redis count buffer across gateways', () => {
  it("leaves another gateway's fresh batches alone and delivers those a gone gateway left", async () => {
    const redis = await redisClient();
    await redis.del(COUNT_STREAM);
    let now = Date.now();
    const gone = redisCountBuffer(redis, { owner: 'pod-a' });
    const other = redisCountBuffer(redis, { owner: 'pod-b', now: () => now });
    await gone.append(batch('a-1'));
    expect(await other.take(10)).toEqual([]);
    now += 31_000;
    expect((await other.take(10)).map((b) => b.id)).toEqual(['a-1']);
    await other.ack(['a-1']);
    expect(await redis.xLen(COUNT_STREAM)).toBe(0);
  });

  /** A gateway that answered `downloads` redirects, then was SIGKILLed: no flush, its connection gone. */
  async function killedAfter(link: ReturnType<typeof fakeLink>, owner: string, downloads: number): Promise<void> {
    const own = await redisClient();
    const killed = await counterOn(link, redisCountBuffer(own, { owner }));
    await Promise.all(
      Array.from({ length: downloads }, (_, i) => killed.add(`Slug_${String(i % 10).padStart(5, '0')}`)),
    );
    own.destroy();
    expect(link.total()).toBe(0);
  }

  it('counts each download in Redis before add() resolves: the restarted gateway delivers what a SIGKILL left', async () => {
    const link = fakeLink();
    await killedAfter(link, 'pod-k', 300);
    const restarted = await counterOn(link, redisCountBuffer(await redisClient(), { owner: 'pod-k' }));
    await drained(restarted);
    expect(link.total()).toBe(300);
    expect(link.state.counts.get('Slug_00003')).toBe(30);
    await restarted.stop(100);
  });

  it('seals the counts of a gateway gone for good once its liveness key expired, and not before', async () => {
    const link = fakeLink();
    const redis = await redisClient();
    await killedAfter(link, 'pod-gone', 200);
    const other = await counterOn(link, redisCountBuffer(redis, { owner: 'pod-live' }));
    await other.flush();
    expect(link.total()).toBe(0);
    await redis.del('ferry:gateway:download-counter-alive:pod-gone'); // its 30 s passed
    await until(async () => {
      await other.flush();
      return link.total() === 200;
    }, 'the orphaned counts');
    expect(await redis.exists('ferry:gateway:download-counts:pod-gone')).toBe(0);
    await other.stop(100);
  });

  it('fails a seal whose connection dropped mid-way once, leaving no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const own = await redisClient();
      const buffer = redisCountBuffer(own, { owner: 'pod-drop' });
      const sealing = buffer.seal!('drop-1');
      own.destroy(); // both the seal script and the liveness MULTI are in flight
      await expect(sealing).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('keeps counting in memory while Redis is unreachable, and delivers once it is back', async () => {
    const link = fakeLink();
    const redis = await redisClient();
    await redis.del(COUNT_STREAM);
    const counter = await counterOn(link, redisCountBuffer(redis, { owner: 'pod-c' }));
    await redis.close(); // unreachable: writes fail at once
    for (let i = 0; i < 50; i++) counter.add('Slug_redis1');
    await drained(counter);
    expect(link.state.counts.get('Slug_redis1')).toBe(50);
    await counter.stop(100);
  });
});

describe('redis count buffer: one request, one count', () => {
  const key = (slug: string, id: string, client = '203.0.113.7') => `${client}|${slug}|${id}`;

  it('counts a request once when the load balancer sends it again to another gateway', async () => {
    const link = fakeLink();
    const redis = await redisClient();
    await redis.del(COUNT_STREAM);
    // gateway-1 counts 100 requests, then is SIGKILLed before any of its 302s left.
    const own = await redisClient();
    const killed = await counterOn(link, redisCountBuffer(own, { owner: 'pod-once-1' }));
    await Promise.all(Array.from({ length: 100 }, (_, i) => killed.add('Slug_once1', key('Slug_once1', `r${i}`))));
    own.destroy();
    // The load balancer sends those 100 GETs to gateway-2 with the same request ids; 50 new
    // requests and 20 without an id arrive meanwhile.
    const other = await counterOn(link, redisCountBuffer(redis, { owner: 'pod-once-2' }));
    await Promise.all([
      ...Array.from({ length: 150 }, (_, i) => other.add('Slug_once1', key('Slug_once1', `r${i}`))),
      ...Array.from({ length: 20 }, () => other.add('Slug_once1')),
    ]);
    expect(other.repeats).toBe(100);
    // The same id from another client, or for another link, is another request.
    await other.add('Slug_once1', key('Slug_once1', 'r0', '198.51.100.1'));
    await other.add('Slug_once2', key('Slug_once2', 'r0'));
    expect(other.repeats).toBe(100);
    const ttl = await redis.ttl(`ferry:gateway:download-once:${key('Slug_once1', 'r0')}`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);

    await redis.del('ferry:gateway:download-counter-alive:pod-once-1'); // gateway-1 is gone for good
    await until(async () => {
      await other.flush();
      return link.total() === 172 && other.unacknowledged === 0;
    }, 'both gateways’ counts');
    expect(link.state.counts.get('Slug_once1')).toBe(171);
    expect(link.state.counts.get('Slug_once2')).toBe(1);
    await other.stop(100);
  });

  it('writes the downloads of one event-loop turn in one round trip, also after Redis forgot the script', async () => {
    const link = fakeLink();
    const redis = await redisClient();
    await redis.del(COUNT_STREAM);
    const counter = await counterOn(link, redisCountBuffer(redis, { owner: 'pod-turn' }));
    const calls = async () => {
      const stats = await redis.info('commandstats');
      const count = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
      return { evalsha: count('evalsha'), eval: count('eval'), hincrby: count('hincrby') };
    };
    await redis.scriptFlush();
    await redis.configResetStat();
    await Promise.all(Array.from({ length: 200 }, (_, i) => counter.add(`Slug_turn${i % 4}`, key('t', `${i}`))));
    // NOSCRIPT once, then the script sent whole; 4 slugs, one HINCRBY each.
    expect(await calls()).toEqual({ evalsha: 1, eval: 1, hincrby: 4 });
    await Promise.all(Array.from({ length: 200 }, (_, i) => counter.add('Slug_turn0', key('t', `${200 + i}`))));
    expect(await calls()).toEqual({ evalsha: 2, eval: 1, hincrby: 5 });
    await drained(counter);
    expect(link.total()).toBe(400);
    expect(link.state.counts.get('Slug_turn0')).toBe(250);
    await counter.stop(100);
  });
});
