import { hostname } from 'node:os';
import type { createClient } from 'redis';
import type { CountBatch, CountBuffer } from './count-buffer.js';

type Redis = ReturnType<typeof createClient>;

export const COUNT_STREAM = 'ferry:gateway:download-batches';
/** A batch another gateway appended this long ago and has not delivered: its gateway is gone, deliver it. */
const ORPHAN_MS = 30_000;
/** Entries looked at per take. */
const SCAN = 1_000;

/**
 * A Redis stream shared by every gateway: entry `{owner, batch}`, deleted once acknowledged. A
 * gateway delivers its own entries (owner = host name, which a restarted pod or process keeps),
 * and any entry older than 30 s, so what a gateway that is gone left is delivered by the others.
 * Two gateways sending one batch is harmless: the link service counts a batch id once.
 */
export function redisCountBuffer(redis: Redis, opts: { owner?: string; now?: () => number } = {}): CountBuffer {
  const owner = opts.owner ?? hostname();
  const now = opts.now ?? Date.now;
  /** Stream entry id of each batch this gateway appended or took, for the delete. */
  const entryOf = new Map<string, string>();
  // Commands sent while disconnected would queue without bound: fail at once instead (the counter keeps the batch).
  const connected = () => {
    if (!redis.isReady) throw new Error('redis is not connected');
  };
  return {
    kind: 'redis',
    async append(batch) {
      connected();
      const entry = await redis.xAdd(COUNT_STREAM, '*', { owner, batch: JSON.stringify(batch) });
      entryOf.set(batch.id, entry);
    },
    async take(max) {
      connected();
      const entries = (await redis.xRange(COUNT_STREAM, '-', '+', { COUNT: SCAN })) ?? [];
      const orphanBefore = now() - ORPHAN_MS;
      const out: CountBatch[] = [];
      for (const { id, message } of entries) {
        if (out.length >= max) break;
        if (message.owner !== owner && Number(id.split('-')[0]) > orphanBefore) continue;
        let batch: CountBatch;
        try {
          batch = JSON.parse(String(message.batch)) as CountBatch;
        } catch {
          await redis.xDel(COUNT_STREAM, id); // not ours to read: nothing to deliver
          continue;
        }
        entryOf.set(batch.id, id);
        out.push(batch);
      }
      return out;
    },
    async ack(ids) {
      const entries = ids.flatMap((id) => {
        const entry = entryOf.get(id);
        entryOf.delete(id);
        return entry ? [entry] : [];
      });
      connected();
      if (entries.length > 0) await redis.xDel(COUNT_STREAM, entries);
    },
    async close() {},
  };
}
