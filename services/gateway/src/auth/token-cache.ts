import { createHash } from 'node:crypto';
import type { Logger } from 'pino';

/** The verified identity behind a bearer token. */
export interface VerifiedIdentity {
  sub: string;
  email: string;
  /** The provider says it verified the e-mail (userinfo `email_verified`); administrators need it. */
  emailVerified?: boolean;
  name?: string;
  picture?: string;
}

/** Where verification results are kept for a short time, keyed by a hash of the token (never the token). */
export interface TokenCache {
  get(key: string): Promise<VerifiedIdentity | undefined>;
  set(key: string, value: VerifiedIdentity, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export function tokenCacheKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** In-process cache for a single gateway; bounded so a flood of distinct tokens cannot grow it forever. */
export class MemoryTokenCache implements TokenCache {
  private readonly entries = new Map<string, { value: VerifiedIdentity; expiresAt: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<VerifiedIdentity | undefined> {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  async set(key: string, value: VerifiedIdentity, ttlMs: number): Promise<void> {
    if (this.entries.size >= this.maxEntries) {
      const now = this.now();
      for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
      // Still full: drop the oldest insertions (Map keeps insertion order).
      for (const k of this.entries.keys()) {
        if (this.entries.size < this.maxEntries) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** The few commands the cache needs (any node-redis v5+ client has them). */
export interface RedisLike {
  readonly isReady: boolean;
  // biome-ignore lint/complexity/noBannedTypes: node-redis v5 types get() as string | {} | null (its RESP type mapping); the same type lets a real client fit
  get(key: string): Promise<string | null | {}>;
  set(key: string, value: string, options: { expiration: { type: 'PX'; value: number } }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

/**
 * Shared cache for several gateway replicas. Redis trouble never blocks a request: a failed read is
 * a miss (the token is verified with the provider), a failed write is logged and ignored.
 */
export class RedisTokenCache implements TokenCache {
  constructor(
    private readonly client: RedisLike,
    private readonly logger: Logger,
    private readonly prefix = 'ferry:gateway:token:',
  ) {}

  async get(key: string): Promise<VerifiedIdentity | undefined> {
    if (!this.client.isReady) return undefined;
    try {
      const raw = await this.client.get(this.prefix + key);
      return typeof raw === 'string' ? (JSON.parse(raw) as VerifiedIdentity) : undefined;
    } catch (err) {
      this.logger.warn({ error: (err as Error).message }, 'token cache read failed');
      return undefined;
    }
  }

  async set(key: string, value: VerifiedIdentity, ttlMs: number): Promise<void> {
    if (!this.client.isReady) return;
    try {
      await this.client.set(this.prefix + key, JSON.stringify(value), { expiration: { type: 'PX', value: ttlMs } });
    } catch (err) {
      this.logger.warn({ error: (err as Error).message }, 'token cache write failed');
    }
  }

  async delete(key: string): Promise<void> {
    if (!this.client.isReady) return;
    try {
      await this.client.del(this.prefix + key);
    } catch (err) {
      this.logger.warn({ error: (err as Error).message }, 'token cache delete failed');
    }
  }
}
