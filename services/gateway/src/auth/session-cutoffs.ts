import type {
  AdmitSessionResponse,
  CutOffSessionsResponse,
  GetSessionCutoffResponse,
  LinkServiceClient,
} from '@ferry/contracts/link/v1';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { unary } from '../grpc/call.js';
import { tokenCacheKey, type RedisLike, type VerifiedIdentity } from './token-cache.js';
import type { TokenVerifier } from './token-verifier.js';

/** An answer of this process's cache is reused this long before Redis or the link service is asked again. */
export const CUTOFF_CACHE_FRESH_MS = 2_000;
/** "No cut-off" / "not admitted" in Redis: a cut-off or an admission overwrites it at once. */
const REDIS_NEGATIVE_MS = 30_000;
/** When neither Redis nor the link service answers, an earlier "no cut-off" still serves this long. */
const STALE_NEGATIVE_MS = 10 * 60_000;
/** How long the session that asked for a cut-off may still read who it is (as long as a cut-off holds). */
const WATCH_MS = 2 * 3_600_000;

/** A user's cut-off, in ms since the epoch: sessions older than `at` are refused until `until`. */
export interface Cutoff {
  at: number;
  until: number;
}

/**
 * Where the cut-offs are kept for good: the link service's database (it decides how long one
 * holds: longer than any access token lives). Every gateway, also after a restart, reads them here.
 */
export interface CutoffRecords {
  /** Throws when the cut-off could not be stored. */
  cutOff(sub: string): Promise<Cutoff>;
  /** When the session was admitted after the user's live cut-off; undefined when the user has none. */
  admit(sub: string, tokenHash: string): Promise<number | undefined>;
  lookup(sub: string, tokenHash: string): Promise<{ cutoff?: Cutoff; admittedAt?: number }>;
}

/** CutoffRecords over the link service's CutOffSessions, AdmitSession and GetSessionCutoff. */
export function linkCutoffRecords(link: LinkServiceClient, deadlineMs: number): CutoffRecords {
  // The records need only the sub: the assertion's e-mail is left empty.
  const ctx = (sub: string) => ({ deadlineMs, user: { sub, email: '' } });
  const cutoffOf = (c: CutOffSessionsResponse['cutoff']): Cutoff | undefined =>
    c?.cutOffAt && c.expiresAt ? { at: c.cutOffAt.getTime(), until: c.expiresAt.getTime() } : undefined;
  return {
    async cutOff(sub) {
      const res = await unary<CutOffSessionsResponse>((md, o, cb) => link.cutOffSessions({}, md, o, cb), ctx(sub));
      const cutoff = cutoffOf(res.cutoff);
      if (!cutoff) throw new Error('the link service answered a cut-off without its times');
      return cutoff;
    },
    async admit(sub, tokenHash) {
      const res = await unary<AdmitSessionResponse>(
        (md, o, cb) => link.admitSession({ tokenHash }, md, o, cb),
        ctx(sub),
      );
      return res.admittedAt?.getTime();
    },
    async lookup(sub, tokenHash) {
      const res = await unary<GetSessionCutoffResponse>(
        (md, o, cb) => link.getSessionCutoff({ tokenHash }, md, o, cb),
        ctx(sub),
      );
      return { cutoff: cutoffOf(res.cutoff), admittedAt: res.admittedAt?.getTime() };
    },
  };
}

/**
 * "Sign out everywhere" at the gateway. Sessions are bearer access tokens verified with the
 * provider, so Ferry cannot end them one by one: a cut-off refuses every token of the user from
 * now on, except tokens the gateway itself hands out at a sign-in after it (admit), until every
 * token that existed has expired. Stored by the link service (CutoffRecords), so a restarted
 * gateway and every replica refuse the same sessions; Redis, when the gateways share one, is the
 * shared cache in front of it, and each process keeps the answers for CUTOFF_CACHE_FRESH_MS.
 */
export interface SessionCutoffs {
  /**
   * Every session of `sub` stops working now. `watching`: the session that asked (the account page
   * deleting the account) may still read who it is (`/api/me`) and the deletion's progress, so its
   * page stays to show it, also once the deletion has revoked Ferry's grant at the provider (which
   * ends the browser's token there too): its identity is kept with the mark (in Redis or this
   * process only: after a restart that page's session is refused like the others). Nothing else
   * works for it. Throws when the cut-off could not be stored, or Redis is configured but not ready.
   */
  cutOff(sub: string, watching?: { token: string; identity: VerifiedIdentity }): Promise<void>;
  /**
   * A token the gateway just issued at a sign-in of `sub`: when that user is cut off, this new
   * session works all the same (a deleted account coming back). Without a cut-off it changes
   * nothing, so a later cut-off still ends this session too.
   */
  admit(sub: string, token: string): Promise<void>;
  /** Throws (the request answers 503) only when no answer can be had and none was known before. */
  isCutOff(sub: string, token: string): Promise<boolean>;
  /** The identity of the session that asked for the cut-off (see cutOff), else undefined. */
  watched(token: string): Promise<VerifiedIdentity | undefined>;
}

/** A cached answer: "none" or a JSON Cutoff for a user, "none" or the admission time for a session. */
interface Known {
  value: string;
  freshUntil: number;
  /** Served after freshUntil only when nothing fresher can be had. */
  keepUntil: number;
}

const NONE = 'none';

function parseCutoff(value: string): Cutoff | undefined {
  if (value === NONE) return undefined;
  const c = JSON.parse(value) as Partial<Cutoff>;
  if (typeof c.at !== 'number' || typeof c.until !== 'number') throw new Error('not a cut-off');
  return { at: c.at, until: c.until };
}

export function sessionCutoffs(opts: {
  records: CutoffRecords;
  redis?: RedisLike;
  logger: Logger;
  now?: () => number;
}): SessionCutoffs {
  const { records, redis, logger } = opts;
  const now = opts.now ?? Date.now;
  const known = new LRUCache<string, Known>({ max: 50_000 });
  const watches = new LRUCache<string, { identity: string; until: number }>({ max: 10_000 });
  const inFlight = new Map<string, Promise<Cutoff | undefined>>();
  const userKey = (sub: string) => `ferry:gateway:cutoff:${sub}`;
  const tokenKey = (hash: string) => `ferry:gateway:admitted:${hash}`;
  const watchKey = (hash: string) => `ferry:gateway:watching:${hash}`;

  const remember = (key: string, value: string, until: number) => {
    const t = now();
    known.set(key, { value, freshUntil: Math.min(t + CUTOFF_CACHE_FRESH_MS, until), keepUntil: until });
  };
  const fresh = (key: string): string | undefined => {
    const k = known.get(key);
    return k && k.freshUntil > now() ? k.value : undefined;
  };
  const stale = (key: string): string | undefined => {
    const k = known.get(key);
    return k && k.keepUntil > now() ? k.value : undefined;
  };
  const redisReady = () => (redis?.isReady ? redis : undefined);
  const redisGet = async (key: string): Promise<string | undefined> => {
    try {
      const raw = await redisReady()?.get(key);
      return typeof raw === 'string' ? raw : undefined;
    } catch (err) {
      logger.warn({ error: (err as Error).message }, 'session cut-off read failed');
      return undefined;
    }
  };
  const redisSet = async (key: string, value: string, until: number) => {
    const ttl = until - now();
    if (ttl <= 0) return;
    try {
      await redisReady()?.set(key, value, { expiration: { type: 'PX', value: ttl } });
    } catch (err) {
      logger.warn({ error: (err as Error).message }, 'session cut-off cache write failed');
    }
  };

  /** An admission never changes: it is kept as long as the cut-off it answers, without asking again. */
  const keepAdmission = (hash: string, at: number, cutoff: Cutoff) =>
    known.set(tokenKey(hash), { value: String(at), freshUntil: cutoff.until, keepUntil: cutoff.until });

  /** Asks the link service and keeps both answers (the user's cut-off and this session's admission). */
  const fetchRecords = async (sub: string, hash: string): Promise<Cutoff | undefined> => {
    const { cutoff, admittedAt } = await records.lookup(sub, hash);
    const t = now();
    const userUntil = cutoff?.until ?? t + REDIS_NEGATIVE_MS;
    const userValue = cutoff ? JSON.stringify(cutoff) : NONE;
    remember(userKey(sub), userValue, cutoff?.until ?? t + STALE_NEGATIVE_MS);
    await redisSet(userKey(sub), userValue, userUntil);
    if (cutoff) {
      if (admittedAt === undefined) {
        remember(tokenKey(hash), NONE, cutoff.until);
        await redisSet(tokenKey(hash), NONE, t + REDIS_NEGATIVE_MS);
      } else {
        keepAdmission(hash, admittedAt, cutoff);
        await redisSet(tokenKey(hash), String(admittedAt), cutoff.until);
      }
    }
    return cutoff;
  };

  /** The user's live cut-off: this process's answer, else Redis's, else the link service's. */
  const cutoffOf = async (sub: string, hash: string): Promise<Cutoff | undefined> => {
    const key = userKey(sub);
    const cached = fresh(key);
    if (cached !== undefined) return parseCutoff(cached);
    const shared = await redisGet(key);
    if (shared !== undefined) {
      try {
        const cutoff = parseCutoff(shared);
        remember(key, shared, cutoff?.until ?? now() + STALE_NEGATIVE_MS);
        return cutoff;
      } catch {
        // Not ours (an older format): the link service answers instead.
      }
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchRecords(sub, hash).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    try {
      return await pending;
    } catch (err) {
      const last = stale(key);
      if (last === undefined) throw err;
      logger.warn({ error: (err as Error).message }, 'session cut-off lookup failed; the last answer serves');
      return parseCutoff(last);
    }
  };

  /** When the session was admitted after the cut-off, else undefined. */
  const admittedAtOf = async (sub: string, hash: string, cutoff: Cutoff): Promise<number | undefined> => {
    const key = tokenKey(hash);
    let value = fresh(key);
    if (value === undefined) {
      value = await redisGet(key);
      if (value !== undefined) remember(key, value, cutoff.until);
    }
    if (value === undefined) {
      try {
        await fetchRecords(sub, hash);
        value = fresh(key);
      } catch (err) {
        // The user is cut off; a session not known to be admitted is one of theirs that ended.
        value = stale(key);
        logger.warn({ error: (err as Error).message }, 'session admission lookup failed');
      }
    }
    const at = value === undefined || value === NONE ? undefined : Number(value);
    return at !== undefined && Number.isFinite(at) ? at : undefined;
  };

  return {
    async cutOff(sub, watching) {
      if (redis && !redis.isReady)
        throw new Error('redis is not ready: the sign-out would not reach the other gateways');
      const cutoff = await records.cutOff(sub);
      const value = JSON.stringify(cutoff);
      remember(userKey(sub), value, cutoff.until);
      if (redis) await redis.set(userKey(sub), value, { expiration: { type: 'PX', value: cutoff.until - now() } });
      if (watching) {
        const hash = tokenCacheKey(watching.token);
        const identity = JSON.stringify(watching.identity);
        watches.set(hash, { identity, until: now() + WATCH_MS });
        if (redis) await redis.set(watchKey(hash), identity, { expiration: { type: 'PX', value: WATCH_MS } });
      }
    },
    async admit(sub, token) {
      const hash = tokenCacheKey(token);
      let cutoff: Cutoff | undefined;
      try {
        cutoff = await cutoffOf(sub, hash);
      } catch (err) {
        // The sign-in goes on: if the user was cut off, this session is refused until they sign in again.
        logger.warn({ error: (err as Error).message }, 'a fresh sign-in could not be checked against the cut-offs');
        return;
      }
      if (!cutoff) return;
      let at = now();
      try {
        at = (await records.admit(sub, hash)) ?? at;
      } catch (err) {
        // This gateway admits it all the same; the others refuse it until it is admitted there too.
        logger.warn({ error: (err as Error).message }, 'storing a fresh sign-in after a cut-off failed');
      }
      keepAdmission(hash, at, cutoff);
      await redisSet(tokenKey(hash), String(at), cutoff.until);
    },
    async watched(token) {
      const hash = tokenCacheKey(token);
      const local = watches.get(hash);
      const raw = local && local.until > now() ? local.identity : await redisGet(watchKey(hash));
      return raw === undefined ? undefined : (JSON.parse(raw) as VerifiedIdentity);
    },
    async isCutOff(sub, token) {
      const hash = tokenCacheKey(token);
      const cutoff = await cutoffOf(sub, hash);
      if (!cutoff || cutoff.until <= now()) return false;
      const admittedAt = await admittedAtOf(sub, hash, cutoff);
      return admittedAt === undefined || admittedAt < cutoff.at;
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
