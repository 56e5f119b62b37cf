import { createHash } from 'node:crypto';
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

/** A download's request key, held while a retry of its request could still arrive (LB timeouts are ≤ 60 s). */
const onceKey = (once: string) => `ferry:gateway:download-once:${once}`;
const ONCE_TTL_S = 120;

/**
 * Atomically, one round trip for every download of an event-loop turn: ARGV[1] is the first
 * download's time (or ''), then one key per download (ARGV[2..n+1]: '' or its request key) and
 * one slug per download (ARGV[n+2..2n+1]). A download whose key was set in the last ARGV ttl
 * seconds (`SET NX` fails) is a repeat of a request already counted; every other one is added to
 * the hash KEYS[1] (first time into KEYS[2]). Returns how many were counted.
 */
const COUNT = `
local n = (#ARGV - 1) / 2
if ARGV[1] ~= '' then redis.call('SET', KEYS[2], ARGV[1], 'NX') end
local add, counted = {}, 0
for i = 2, n + 1 do
  local once = ARGV[i]
  if once == '' or redis.call('SET', once, '1', 'NX', 'EX', ${ONCE_TTL_S}) then
    local slug = ARGV[i + n]
    add[slug] = (add[slug] or 0) + 1
    counted = counted + 1
  end
end
for slug, k in pairs(add) do redis.call('HINCRBY', KEYS[1], slug, k) end
return counted`;
const COUNT_SHA = createHash('sha1').update(COUNT).digest('hex');

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
 * answered; the downloads of one event-loop turn in one script call, which also counts a request
 * key once: a GET the load balancer sent again to another gateway), and every flush seals that hash into
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
    async count(downloads, firstAt) {
      connected();
      const args = new Array<string>(1 + 2 * downloads.length);
      args[0] = firstAt === undefined ? '' : String(firstAt);
      for (let i = 0; i < downloads.length; i++) {
        const { slug, once } = downloads[i]!;
        args[1 + i] = once === undefined ? '' : onceKey(once);
        args[1 + downloads.length + i] = slug;
      }
      const options = { keys: [countsKey(owner), firstAtKey(owner)], arguments: args };
      try {
        return Number(await redis.evalSha(COUNT_SHA, options));
      } catch (err) {
        // A restarted Redis forgot the script: NOSCRIPT means nothing ran, so sending it whole is safe.
        if (!(err as Error).message?.startsWith('NOSCRIPT')) throw err;
        return Number(await redis.eval(COUNT, options));
      }
    },
    async seal(id) {
      connected();
      // The seal is queued at once, so it takes exactly the counts sent before this call (one
      // connection, in order): the counter knows which of its counts the batch holds.
      // Both awaited together: when the connection drops (or Redis is still LOADING after a
      // restart) both reject, and neither rejection may go unhandled (that would end the process).
      const [total] = await Promise.all([
        sealInto(owner, id),
        redis
          .multi()
          .sAdd(OWNERS, owner)
          .set(aliveKey(owner), '1', { expiration: { type: 'PX', value: ALIVE_MS } })
          .exec(),
      ]);
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
