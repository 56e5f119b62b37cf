import type { createClient } from 'redis';
import type { CacheEntry, SharedCache } from './link-cache.js';

type Redis = ReturnType<typeof createClient>;

const KEY = (code: string) => `ferry:link:resolve:${code}`;
/** Bounded so an invalidation every gateway missed cannot keep a stale entry for long. */
const TTL_SECONDS = 30;

/** The resolve cache shared by every gateway through Redis. Errors are the caller's to ignore. */
export function redisLinkCache(redis: Redis): SharedCache {
  return {
    async get(code) {
      if (!redis.isReady) return undefined;
      const raw = await redis.get(KEY(code));
      return raw ? (JSON.parse(raw) as CacheEntry) : undefined;
    },
    async set(code, entry) {
      if (redis.isReady)
        await redis.set(KEY(code), JSON.stringify(entry), { expiration: { type: 'EX', value: TTL_SECONDS } });
    },
    async delete(code) {
      if (redis.isReady) await redis.del(KEY(code));
    },
  };
}
