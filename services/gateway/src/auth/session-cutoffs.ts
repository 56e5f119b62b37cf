import type { Logger } from 'pino';
import { tokenCacheKey, type RedisLike, type VerifiedIdentity } from './token-cache.js';
import type { TokenVerifier } from './token-verifier.js';

/**
 * How long a cut-off holds: longer than any access token the provider issues lives (Google's and
 * dev-identity's live an hour), so every token that existed at the cut-off has expired by its end.
 */
const SESSION_CUTOFF_MS = 2 * 3_600_000;

/**
 * "Sign out everywhere" at the gateway. Sessions are bearer access tokens verified with the
 * provider, so Ferry cannot end them one by one: a cut-off refuses every token of the user from
 * now on, except tokens the gateway itself hands out at a sign-in after it (admit), until every
 * token that existed has expired. Kept in Redis when the gateways share one (all replicas see it),
 * in-process otherwise.
 */
export interface SessionCutoffs {
  /**
   * Every session of `sub` stops working now. `watching`: the session that asked (the account page
   * deleting the account) may still read who it is (`/api/me`) and the deletion's progress, so its
   * page stays to show it, also once the deletion has revoked Ferry's grant at the provider (which
   * ends the browser's token there too): its identity is kept with the mark. Nothing else works
   * for it. Throws when the mark could not be stored.
   */
  cutOff(sub: string, watching?: { token: string; identity: VerifiedIdentity }): Promise<void>;
  /**
   * A token the gateway just issued at a sign-in of `sub`: when that user is cut off, this new
   * session works all the same (a deleted account coming back). Without a cut-off it changes
   * nothing, so a later cut-off still ends this session too.
   */
  admit(sub: string, token: string): Promise<void>;
  isCutOff(sub: string, token: string): Promise<boolean>;
  /** The identity of the session that asked for the cut-off (see cutOff), else undefined. */
  watched(token: string): Promise<VerifiedIdentity | undefined>;
}

/** The few commands a store of marks needs (an in-process map, or node-redis). */
interface MarkStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

function memoryMarks(now: () => number): MarkStore {
  const marks = new Map<string, { value: string; until: number }>();
  return {
    async get(key) {
      const m = marks.get(key);
      if (!m) return undefined;
      if (m.until > now()) return m.value;
      marks.delete(key);
      return undefined;
    },
    async set(key, value, ttlMs) {
      if (marks.size > 50_000) for (const [k, m] of marks) if (m.until <= now()) marks.delete(k);
      marks.set(key, { value, until: now() + ttlMs });
    },
  };
}

function redisMarks(client: RedisLike): MarkStore {
  return {
    async get(key) {
      const raw = await client.get(key);
      return typeof raw === 'string' ? raw : undefined;
    },
    async set(key, value, ttlMs) {
      await client.set(key, value, { expiration: { type: 'PX', value: ttlMs } });
    },
  };
}

export function sessionCutoffs(opts: {
  redis?: RedisLike;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}): SessionCutoffs {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? SESSION_CUTOFF_MS;
  const local = memoryMarks(now);
  const store = (): MarkStore => (opts.redis?.isReady ? redisMarks(opts.redis) : local);
  const userKey = (sub: string) => `ferry:gateway:cutoff:${sub}`;
  const tokenKey = (token: string) => `ferry:gateway:admitted:${tokenCacheKey(token)}`;
  const watchKey = (token: string) => `ferry:gateway:watching:${tokenCacheKey(token)}`;
  /** A mark in Redis or in this process; Redis trouble never locks everyone out (this replica's own marks still hold). */
  const either = async (key: string): Promise<boolean> => {
    if ((await local.get(key)) !== undefined) return true;
    try {
      return (await store().get(key)) !== undefined;
    } catch (err) {
      opts.logger.warn({ error: (err as Error).message }, 'session cut-off read failed');
      return false;
    }
  };
  const marked = (sub: string) => either(userKey(sub));
  return {
    async cutOff(sub, watching) {
      const marks: Array<[string, string]> = [[userKey(sub), String(now())]];
      if (watching) marks.push([watchKey(watching.token), JSON.stringify(watching.identity)]);
      for (const [key, value] of marks) await local.set(key, value, ttlMs);
      if (opts.redis) {
        if (!opts.redis.isReady) throw new Error('redis is not ready: the sign-out would not reach the other gateways');
        for (const [key, value] of marks) await redisMarks(opts.redis).set(key, value, ttlMs);
      }
    },
    async admit(sub, token) {
      if (!(await marked(sub))) return;
      await local.set(tokenKey(token), '1', ttlMs);
      try {
        if (opts.redis?.isReady) await redisMarks(opts.redis).set(tokenKey(token), '1', ttlMs);
      } catch (err) {
        opts.logger.warn({ error: (err as Error).message }, 'admitting a fresh sign-in in redis failed');
      }
    },
    async watched(token) {
      let raw = await local.get(watchKey(token));
      try {
        raw ??= await store().get(watchKey(token));
      } catch (err) {
        opts.logger.warn({ error: (err as Error).message }, 'session cut-off read failed');
      }
      return raw === undefined ? undefined : (JSON.parse(raw) as VerifiedIdentity);
    },
    async isCutOff(sub, token) {
      if (!(await marked(sub))) return false;
      return !(await either(tokenKey(token)));
    },
  };
}

/**
 * A verifier that refuses (401) every token of a user who was signed out everywhere. `watching`
 * (for `/api/me` and the deletion's own routes): the session that asked for the cut-off is let
 * through as the identity kept with it. `cutOffOthers: false` (the deletion's own routes): the
 * user's other cut-off sessions too, with the provider's word.
 */
export function withSessionCutoffs(
  verifier: TokenVerifier,
  cutoffs: SessionCutoffs,
  opts: { watching?: boolean; cutOffOthers?: boolean } = {},
): TokenVerifier {
  return {
    async verify(token) {
      const watched = opts.watching ? await cutoffs.watched(token) : undefined;
      if (watched) return { ok: true, identity: watched };
      const result = await verifier.verify(token);
      if (opts.cutOffOthers !== false && result.ok && (await cutoffs.isCutOff(result.identity.sub, token)))
        return { ok: false, status: 401 };
      return result;
    },
    forget: (token) => verifier.forget(token),
  };
}
