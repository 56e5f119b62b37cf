import type { Logger } from 'pino';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { createClient } from 'redis';

type Redis = ReturnType<typeof createClient>;

export interface RequestBudgetOptions {
  /** Distinguishes this budget's keys in Redis. */
  keyPrefix: string;
  /** Requests allowed per key and window. */
  points: number;
  windowS: number;
  /** Shared by every gateway; absent = this process only. */
  redis?: Redis;
  logger?: Logger;
  /** A Redis call slower than this counts in memory instead (the request never waits longer). */
  redisTimeoutMs?: number;
}

/**
 * A limiter of `points` per key and `duration` seconds. With Redis the count is shared by every
 * gateway, and an in-memory insurance limiter takes over while Redis is unreachable or slower than
 * `redisTimeoutMs`, so the limit then holds per process and no request fails because of Redis.
 */
export function sharedLimiter(
  settings: { keyPrefix: string; points: number; duration: number },
  redis: Redis | undefined,
  redisTimeoutMs = 500,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory(settings);
  if (!redis) return memory;
  return new RLWrapperTimeouts({
    limiter: new RateLimiterRedis({
      ...settings,
      storeClient: redis,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
    }),
    timeoutMs: redisTimeoutMs,
    insuranceLimiter: memory,
  });
}

/**
 * A budget of requests per key and window (rate-limiter-flexible, through sharedLimiter).
 */
export class RequestBudget {
  private readonly store: RateLimiterAbstract;

  constructor(private readonly opts: RequestBudgetOptions) {
    this.store = sharedLimiter(
      { keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.windowS },
      opts.redis,
      opts.redisTimeoutMs,
    );
  }

  /** What the key has used in its current window, and the whole seconds until that window ends. Never rejects. */
  async used(key: string): Promise<{ points: number; resetS: number }> {
    try {
      const res = await this.store.get(key);
      return res
        ? { points: res.consumedPoints, resetS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
        : { points: 0, resetS: 0 };
    } catch (error) {
      this.opts.logger?.warn(
        { error: (error as Error).message, budget: this.opts.keyPrefix },
        'request budget unavailable',
      );
      return { points: 0, resetS: 0 };
    }
  }

  /** Takes one request from the key's budget: 0 when it fits, else the whole seconds until it would. Never rejects. */
  async take(key: string): Promise<number> {
    try {
      await this.store.consume(key);
      return 0;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
      // Both Redis and the insurance failed: let the request through rather than fail it.
      this.opts.logger?.warn(
        { error: (outcome as Error).message, budget: this.opts.keyPrefix },
        'request budget unavailable',
      );
      return 0;
    }
  }
}
