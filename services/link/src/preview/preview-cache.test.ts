import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { createLogger } from '@ferry/service-kit';
import { testRedisUrl } from '@ferry/testkit';
import { describe, expect, it } from 'vitest';
import { memoryPreviewCache, redisPreviewCache, type PreviewCache } from './preview-cache.js';

const logger = createLogger('preview-cache-test', 'silent');

async function roundTrips(cache: PreviewCache): Promise<void> {
  const key = `t:${randomBytes(6).toString('hex')}`;
  const bytes = randomBytes(70_000);
  expect(await cache.get(key)).toBeUndefined();
  await cache.set(key, bytes, 60_000);
  expect((await cache.get(key))?.equals(bytes)).toBe(true);
  // Binary-safe: every byte value, an empty value.
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  await cache.set(`${key}:all`, all, 60_000);
  expect((await cache.get(`${key}:all`))?.equals(all)).toBe(true);
  await cache.set(`${key}:empty`, Buffer.alloc(0), 60_000);
  expect((await cache.get(`${key}:empty`))?.byteLength).toBe(0);
  // Bounded by time.
  await cache.set(`${key}:short`, bytes, 150);
  await delay(400);
  expect(await cache.get(`${key}:short`)).toBeUndefined();
}

describe('preview cache', () => {
  it('in-process: bytes in and out, expiry, and the size bound evicts the oldest', async () => {
    await roundTrips(memoryPreviewCache());
    const small = memoryPreviewCache(100_000);
    await small.set('a', Buffer.alloc(60_000), 60_000);
    await small.set('b', Buffer.alloc(60_000), 60_000);
    expect(await small.get('a')).toBeUndefined();
    expect((await small.get('b'))?.byteLength).toBe(60_000);
    await small.set('huge', Buffer.alloc(200_000), 60_000);
    expect(await small.get('huge')).toBeUndefined();
  });

  it('Redis: the same, shared between two clients (two replicas)', async () => {
    const a = await redisPreviewCache(testRedisUrl(), logger);
    const b = await redisPreviewCache(testRedisUrl(), logger);
    try {
      await roundTrips(a);
      const bytes = randomBytes(1000);
      await a.set('shared-key', bytes, 60_000);
      expect((await b.get('shared-key'))?.equals(bytes)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
