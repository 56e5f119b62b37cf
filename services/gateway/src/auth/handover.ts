import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';

/**
 * The httpOnly cookie that names the browser a sign-in was started in. `GET /api/auth/{provider}`
 * sets it (keeping the value this browser already has, so two tabs signing in at once share it),
 * and only a request carrying it can redeem a hand-over code issued at that sign-in's callback.
 */
export const HANDOVER_COOKIE = 'ferry_handover';

/** A hand-over code works once, within this time after the callback (the shell redeems it at once). */
export const HANDOVER_CODE_TTL_MS = 60_000;

/** What the shell receives for a hand-over code: the access token of the sign-in. */
export interface HandoverGrant {
  accessToken: string;
  /** Seconds the token lives, as the provider said. */
  expiresIn: number;
}

/**
 * One-time codes for the last step of a sign-in: the callback stores the new access token under a
 * random code bound to the browser that started the sign-in, and the shell redeems the code with
 * that browser's cookie (`POST /api/auth/handover`). A code is consumed by its first redemption,
 * right or wrong: a code from another browser is burnt, not kept for a second guess.
 */
export interface HandoverCodes {
  /** A fresh code for `grant`, redeemable only with the browser key whose binding is `browser`. */
  issue(grant: HandoverGrant, browser: string): Promise<string>;
  /** The grant, once: undefined for an unknown, expired, used or another browser's code. */
  redeem(code: string, browserKey: string): Promise<HandoverGrant | undefined>;
}

/** A new random browser key (the cookie's value). */
export function newBrowserKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The browser key from the cookie, when it has the shape newBrowserKey gives (anything else is none). */
export function browserKeyOf(cookie: string | undefined): string | undefined {
  return cookie !== undefined && /^[A-Za-z0-9_-]{43}$/.test(cookie) ? cookie : undefined;
}

/** What a code is bound to: a hash of the browser key, so the store never holds the cookie itself. */
export function browserBinding(browserKey: string): string {
  return createHash('sha256').update(`ferry handover browser\0${browserKey}`).digest('base64url');
}

interface StoredGrant extends HandoverGrant {
  browser: string;
}

/** The few commands the Redis side needs (any node-redis v5 client has them). */
export interface HandoverRedis {
  readonly isReady: boolean;
  set(key: string, value: string, options: { expiration: { type: 'PX'; value: number } }): Promise<unknown>;
  // biome-ignore lint/complexity/noBannedTypes: node-redis v5 types getDel() as string | {} | null (its RESP type mapping); the same type lets a real client fit
  getDel(key: string): Promise<string | null | {}>;
}

/**
 * Codes in Redis when the gateways share one (a callback on one replica, the redemption on
 * another; GETDEL makes the single use hold across them), in this process otherwise. A code issued
 * while Redis is away stays in this process, where a redemption still finds it.
 */
export function handoverCodes(opts: {
  redis?: HandoverRedis;
  /** Where Redis trouble is reported (only a Redis store has any). */
  logger?: Logger;
  ttlMs?: number;
  now?: () => number;
}): HandoverCodes {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? HANDOVER_CODE_TTL_MS;
  const local = new Map<string, { grant: StoredGrant; until: number }>();
  const key = (code: string) => `ferry:gateway:handover:${createHash('sha256').update(code).digest('base64url')}`;

  const takeLocal = (k: string): StoredGrant | undefined => {
    const hit = local.get(k);
    if (!hit) return undefined;
    local.delete(k);
    return hit.until > now() ? hit.grant : undefined;
  };
  const takeRedis = async (k: string): Promise<StoredGrant | undefined> => {
    if (!opts.redis?.isReady) return undefined;
    try {
      const raw = await opts.redis.getDel(k);
      return typeof raw === 'string' ? (JSON.parse(raw) as StoredGrant) : undefined;
    } catch (err) {
      opts.logger?.warn({ error: (err as Error).message }, 'hand-over code read failed');
      return undefined;
    }
  };

  return {
    async issue(grant, browser) {
      const code = randomBytes(32).toString('base64url');
      const k = key(code);
      const stored: StoredGrant = { accessToken: grant.accessToken, expiresIn: grant.expiresIn, browser };
      if (opts.redis?.isReady) {
        try {
          await opts.redis.set(k, JSON.stringify(stored), { expiration: { type: 'PX', value: ttlMs } });
          return code;
        } catch (err) {
          opts.logger?.warn({ error: (err as Error).message }, 'hand-over code write failed; kept in this process');
        }
      }
      if (local.size > 10_000) for (const [old, v] of local) if (v.until <= now()) local.delete(old);
      local.set(k, { grant: stored, until: now() + ttlMs });
      return code;
    },
    async redeem(code, browserKey) {
      const k = key(code);
      const stored = takeLocal(k) ?? (await takeRedis(k));
      if (!stored) return undefined;
      const expected = Buffer.from(stored.browser);
      const given = Buffer.from(browserBinding(browserKey));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      return { accessToken: stored.accessToken, expiresIn: stored.expiresIn };
    },
  };
}
