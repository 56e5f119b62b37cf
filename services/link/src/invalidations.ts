import { EventEmitter } from 'node:events';
import type { Logger } from '@ferry/service-kit';
import { createClient } from 'redis';

export const INVALIDATION_CHANNEL = 'ferry:link:invalidations';

/**
 * Fan-out of "slug changed" events to every gateway watching this replica (WatchInvalidations).
 * With Redis, every link replica publishes to and listens on one channel, so a gateway streaming
 * from replica A also hears about a change made through replica B.
 */
export interface Invalidations {
  publish(slug: string): void;
  subscribe(listener: (slug: string) => void): () => void;
  close(): Promise<void>;
}

export function localInvalidations(): Invalidations {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (slug) => emitter.emit('slug', slug),
    subscribe(listener) {
      emitter.on('slug', listener);
      return () => emitter.off('slug', listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export async function redisInvalidations(url: string, logger: Logger): Promise<Invalidations> {
  const local = localInvalidations();
  const options = { url, socket: { connectTimeout: 2_000, reconnectStrategy: (n: number) => Math.min(250 * 2 ** n, 5_000) } };
  const pub = createClient(options);
  const sub = createClient(options);
  for (const c of [pub, sub]) c.on('error', (err: Error) => logger.warn({ error: err.message }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(INVALIDATION_CHANNEL, (slug) => local.publish(slug));
  return {
    publish(slug) {
      pub.publish(INVALIDATION_CHANNEL, slug).catch((err: Error) => {
        // Redis down: at least this replica's gateways hear it; the others' caches expire on their own.
        logger.warn({ error: err.message }, 'invalidation publish failed');
        local.publish(slug);
      });
    },
    subscribe: local.subscribe,
    async close() {
      await Promise.allSettled([sub.close(), pub.close()]);
      await local.close();
    },
  };
}
