import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from '@ferry/service-kit';
import { createClient } from 'redis';
import { backoffDelay } from '@ferry/rules';

export const INVALIDATION_CHANNEL = 'ferry:link:invalidations';

/**
 * Fan-out of "slug changed" events to every gateway watching this replica (WatchInvalidations).
 * With Redis, every link replica publishes to and listens on one channel, so a gateway streaming
 * from replica A also hears about a change made through replica B.
 */
export interface Invalidations {
  /** This process's run: sequence numbers are only comparable within one epoch. */
  readonly epoch: string;
  publish(slug: string): void;
  /** Listeners get every invalidation with its sequence number. */
  subscribe(listener: (slug: string, seq: number) => void): () => void;
  /** Invalidations after `seq` from the recent buffer, or undefined when they are no longer all there. */
  since(seq: number): Array<{ seq: number; slug: string }> | undefined;
  lastSeq(): number;
  close(): Promise<void>;
}

/** Recent invalidations kept for watchers that reconnect (a reconnect is normal: max_connection_age). */
const BUFFER = 100_000;

export function localInvalidations(): Invalidations {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const epoch = randomUUID();
  const buffer: Array<{ seq: number; slug: string }> = [];
  let seq = 0;
  return {
    epoch,
    publish(slug) {
      seq++;
      buffer.push({ seq, slug });
      if (buffer.length > BUFFER) buffer.splice(0, buffer.length - BUFFER);
      emitter.emit('slug', slug, seq);
    },
    subscribe(listener) {
      emitter.on('slug', listener);
      return () => emitter.off('slug', listener);
    },
    since(after) {
      if (after > seq) return undefined;
      const oldest = buffer[0]?.seq ?? seq + 1;
      if (after < oldest - 1) return undefined;
      return buffer.filter((m) => m.seq > after);
    },
    lastSeq: () => seq,
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export async function redisInvalidations(url: string, logger: Logger): Promise<Invalidations> {
  const local = localInvalidations();
  const options = {
    url,
    socket: { connectTimeout: 2_000, reconnectStrategy: (n: number) => backoffDelay(n, { baseMs: 250, maxMs: 5_000 }) },
  };
  const pub = createClient(options);
  const sub = createClient(options);
  for (const c of [pub, sub]) c.on('error', (err: Error) => logger.warn({ error: err.message }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(INVALIDATION_CHANNEL, (slug) => local.publish(slug));
  return {
    epoch: local.epoch,
    since: local.since,
    lastSeq: local.lastSeq,
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
