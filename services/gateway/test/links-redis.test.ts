import { startRedis, type RunningServer } from '@ferry/testkit';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkCache } from '../src/links/link-cache.js';
import { redisLinkCache } from '../src/links/redis-cache.js';
import { LinkStatus } from '@ferry/contracts/link/v1';

describe('resolve cache shared through Redis', () => {
  let redis: RunningServer;
  let a: ReturnType<typeof createClient>;
  let b: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await startRedis();
    a = createClient({ url: redis.url });
    b = createClient({ url: redis.url });
    await Promise.all([a.connect(), b.connect()]);
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('lets a second gateway answer from Redis without asking the link service, and forgets on invalidation', async () => {
    let calls = 0;
    const resolve = async (slug: string) => {
      calls++;
      return {
        link: {
          slug,
          driveFileId: '1AbCdEfGhIjKlMnOpQrStUvWxYz012345',
          ownerEmail: 'ann@example.com',
          ownerSubdomain: 'ann',
          fileName: 'a.bin',
          sizeBytes: '42',
          expiresAt: new Date(Date.now() + 60_000),
          downloadCount: '0',
          status: LinkStatus.LINK_STATUS_ACTIVE,
        },
      };
    };
    const first = new LinkCache({ resolve, shared: redisLinkCache(a) });
    const second = new LinkCache({ resolve, shared: redisLinkCache(b) });
    const entry = await first.get('Shared_in_rd');
    expect(entry).toMatchObject({ found: true, sizeBytes: 42 });
    await new Promise((r) => setTimeout(r, 50));
    expect(await second.get('Shared_in_rd')).toEqual(entry);
    expect(calls).toBe(1);
    expect(await b.ttl('ferry:link:resolve:Shared_in_rd')).toBeGreaterThan(0);

    second.invalidate('Shared_in_rd');
    await new Promise((r) => setTimeout(r, 50));
    expect(await a.exists('ferry:link:resolve:Shared_in_rd')).toBe(0);
  });
});
