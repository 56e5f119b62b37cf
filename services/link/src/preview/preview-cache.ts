import { LRUCache } from 'lru-cache';
import { createClient, RESP_TYPES } from 'redis';
import { backoffDelay } from '@ferry/rules';
import type { Logger } from '@ferry/service-kit';

/**
 * Where previews are kept between requests: thumbnails (bytes) and zip listings (JSON). Shared by
 * every replica through Redis when it is configured, else an in-process LRU bounded by bytes and time.
 * A cache that fails is a miss, never an error of the preview.
 */
export interface PreviewCache {
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

const KEY_PREFIX = 'ferry:preview:';

export function memoryPreviewCache(maxBytes = 32 * 1024 * 1024, maxTtlMs = 3600_000): PreviewCache {
  const lru = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => value.byteLength + key.length,
    ttl: maxTtlMs,
  });
  return {
    get: async (key) => lru.get(key),
    set: async (key, value, ttlMs) => {
      if (value.byteLength + key.length <= maxBytes) lru.set(key, value, { ttl: Math.min(ttlMs, maxTtlMs) });
    },
    close: async () => lru.clear(),
  };
}

export async function redisPreviewCache(url: string, logger: Logger): Promise<PreviewCache> {
  const client = createClient({
    url,
    socket: { connectTimeout: 2_000, reconnectStrategy: (n: number) => backoffDelay(n, { baseMs: 250, maxMs: 5_000 }) },
  });
  client.on('error', (err: Error) => logger.warn({ error: err.message }, 'redis error (preview cache)'));
  await client.connect();
  const buffers = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  return {
    async get(key) {
      if (!client.isReady) return undefined;
      try {
        const value = await buffers.get(KEY_PREFIX + key);
        return value ?? undefined;
      } catch (err) {
        logger.warn({ error: (err as Error).message }, 'preview cache read failed');
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      if (!client.isReady) return;
      try {
        await client.set(KEY_PREFIX + key, value, { expiration: { type: 'PX', value: Math.max(1, ttlMs) } });
      } catch (err) {
        logger.warn({ error: (err as Error).message }, 'preview cache write failed');
      }
    },
    close: async () => {
      await client.quit().catch(() => undefined);
    },
  };
}
