import { hostname } from 'node:os';
import type { createClient } from 'redis';
import type { CountBatch, CountBuffer } from './count-buffer.js';

type Redis = ReturnType<typeof createClient>;

export const COUNT_STREAM = 'ferry:gateway:download-batches';
/** A batch another gateway appended this long ago and has not delivered: its gateway is gone, deliver it. */
const ORPHAN_MS = 30_000;
/** Entries looked at per take. */
const SCAN = 1_000;
/** Each gateway's downloads counted and not yet sealed into a batch: a hash slug -> count. */
const countsKey = (owner: string) => `ferry:gateway:download-counts:${owner}`;
/** Epoch ms of the first download in that hash. */
const firstAtKey = (owner: string) => `ferry:gateway:download-counts-first-at:${owner}`;
/** Present while the owner seals its hash (refreshed each seal): without it, its hash is an orphan. */
const aliveKey = (owner: string) => `ferry:gateway:download-counter-alive:${owner}`;
/** Every owner that counted here. */
const OWNERS = 'ferry:gateway:download-counters';
const ALIVE_MS = 30_000;

/**
 * Atomically: the hash KEYS[1] (first-download time in KEYS[2]) becomes one stream entry in KEYS[3]
 * with owner ARGV[1] and batch id ARGV[2], and is deleted. Returns [entry id, downloads] ('' and 0: empty).
 */
const SEAL = `
local flat = redis.call('HGETALL', KEYS[1])
if #flat == 0 then return {'', 0} end
local firstAt = redis.call('GET', KEYS[2])
redis.call('DEL', KEYS[1], KEYS[2])
local slugs, counts, total = {}, {}, 0
for i = 1, #flat, 2 do
  local n = tonumber(flat[i + 1])
  slugs[#slugs + 1] = flat[i]
  counts[#counts + 1] = n
  total = total + n
end
local batch = { id = ARGV[2], slugs = slugs, counts = counts }
if firstAt then batch.firstAt = tonumber(firstAt) end
local entry = redis.call('XADD', KEYS[3], '*', 'owner', ARGV[1], 'batch', cjson.encode(batch))
return { entry, total }`;

/**
 * Each download is counted in the gateway's own hash (HINCRBY, awaited before the redirect is
 * answered; node-redis pipelines the commands of one tick), and every flush seals that hash into
 * a batch atomically (a Lua script), so a killed gateway loses no count that it answered.
 * Batches wait in a Redis stream shared by every gateway: entry `{owner, batch}`, deleted once acknowledged. A
 * gateway delivers its own entries (owner = host name, which a restarted pod or process keeps),
 * and any entry older than 30 s, so what a gateway that is gone left is delivered by the others.
 * Two gateways sending one batch is harmless: the link service counts a batch id once. The hash of
 * a gateway that stopped sealing for 30 s is sealed by the others.
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
  const sealInto = async (from: string, id: string): Promise<number> => {
    const [entry, total] = (await redis.eval(SEAL, {
      keys: [countsKey(from), firstAtKey(from), COUNT_STREAM],
      arguments: [owner, id],
    })) as [string, number];
    if (entry) entryOf.set(id, entry);
    return Number(total);
  };
  /** The hashes of owners that stopped sealing (a gateway gone for good) become batches of this gateway. */
  const sealOrphans = async (id: string): Promise<void> => {
    const others = (await redis.sMembers(OWNERS)).filter((o) => o !== owner);
    for (const [k, other] of others.entries()) {
      if ((await redis.exists(aliveKey(other))) > 0) continue;
      if ((await sealInto(other, `${id}:o${k}`)) === 0) await redis.sRem(OWNERS, other);
    }
  };
  return {
    kind: 'redis',
    async count(slug, firstAt) {
      connected();
      // One connection, commands in order: the SET lands before the count it belongs to.
      if (firstAt !== undefined)
        void redis.set(firstAtKey(owner), String(firstAt), { condition: 'NX' }).catch(() => undefined);
      await redis.hIncrBy(countsKey(owner), slug, 1);
    },
    async seal(id) {
      connected();
      await redis
        .multi()
        .sAdd(OWNERS, owner)
        .set(aliveKey(owner), '1', { expiration: { type: 'PX', value: ALIVE_MS } })
        .exec();
      const total = await sealInto(owner, id);
      await sealOrphans(id);
      return total;
    },
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
