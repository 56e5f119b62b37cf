import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Logger } from 'pino';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { createClient } from 'redis';
import { sharedLimiter } from '../http/request-budget.js';

type Redis = ReturnType<typeof createClient>;

export interface NotFoundLimiterOptions {
  /** Shared budget across gateways; absent = this process only. */
  redis?: Redis;
  logger?: Logger;
  maxMisses?: number;
  windowMs?: number;
  /** A Redis call slower than this counts in memory instead (the request never waits longer). */
  redisTimeoutMs?: number;
}

const KEY_PREFIX = 'ferry:gateway:not-found';
/** Gateways tell each other here when a client ran out of budget (message: `<ms left> <client key>`). */
export const BLOCKED_CHANNEL = 'ferry:gateway:not-found:blocked';
const MAX_LOCAL_BLOCKS = 100_000;

/**
 * The budget is per client: an IPv4 address, or an IPv6 /64 (one subscriber's network, which a
 * single host can fill with addresses at will).
 */
export function budgetKey(client: string): string {
  if (isIPv4(client)) return client;
  if (!isIPv6(client)) return client.slice(0, 64);
  const ip = ipaddr.process(client);
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${(ip as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/**
 * Per-client limit on "not found" answers, so random slugs cannot be probed at speed ("Gone in Six
 * Characters"). Once a client used its budget, every look-up from it answers 429 until the window
 * passes — also for slugs that exist, else the 429/302 difference would still reveal hits.
 *
 * The count is sharedLimiter's (in Redis when there is one, shared by every gateway, with an
 * in-memory insurance while Redis is unreachable or slow). Only misses
 * touch the store; whether a client is blocked is answered from memory (`blockedFor`, no I/O), fed
 * by this gateway's own misses and by the other gateways' announcements on BLOCKED_CHANNEL.
 */
export class NotFoundLimiter {
  private readonly blocked = new Map<string, number>();
  private readonly store: RateLimiterAbstract;
  private readonly maxMisses: number;
  private readonly redis?: Redis;
  private readonly logger?: Logger;
  private subscriber?: Redis;

  constructor(opts: NotFoundLimiterOptions = {}) {
    this.maxMisses = opts.maxMisses ?? 30;
    this.redis = opts.redis;
    this.logger = opts.logger;
    const duration = Math.ceil((opts.windowMs ?? 60_000) / 1000);
    this.store = sharedLimiter(
      { keyPrefix: KEY_PREFIX, points: this.maxMisses, duration },
      opts.redis,
      opts.redisTimeoutMs,
    );
    if (opts.redis) this.listen(opts.redis);
  }

  /** True when some client is blocked in this process: callers skip computing the address otherwise. */
  anyBlocked(): boolean {
    return this.blocked.size > 0;
  }

  /** Seconds the client must wait, else 0. Memory only: safe on the redirect hot path. */
  blockedFor(client: string): number {
    if (this.blocked.size === 0) return 0;
    const key = budgetKey(client);
    const until = this.blocked.get(key);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left <= 0) {
      this.blocked.delete(key);
      return 0;
    }
    return Math.ceil(left / 1000);
  }

  /**
   * Counts one not-found answer for the client. Resolves to the seconds to wait when that was over
   * the budget (answer 429 instead of 404), else 0. Never rejects.
   */
  async miss(client: string): Promise<number> {
    const key = budgetKey(client);
    const already = this.blockedFor(client);
    if (already > 0) return already;
    try {
      await this.store.consume(key);
      return 0;
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) {
        // Both Redis and the insurance failed: let the answer through rather than fail the request.
        this.logger?.warn({ error: (outcome as Error).message }, 'not-found budget unavailable');
        return 0;
      }
      const ms = Math.max(outcome.msBeforeNext, 1);
      this.block(key, ms);
      if (outcome.consumedPoints === this.maxMisses + 1) this.announce(key, ms);
      return Math.ceil(ms / 1000);
    }
  }

  /** Stops listening to the other gateways (the shared client itself is the caller's). */
  close(): void {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    // destroy, not close: it must not wait for a Redis that is down.
    if (subscriber?.isOpen) subscriber.destroy();
  }

  private block(key: string, ms: number): void {
    if (this.blocked.size >= MAX_LOCAL_BLOCKS) this.sweep();
    this.blocked.set(key, Date.now() + ms);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, until] of this.blocked) if (until <= now) this.blocked.delete(k);
    // Still full (a flood of distinct clients): forget the oldest; their misses will block them again.
    for (const k of this.blocked.keys()) {
      if (this.blocked.size < MAX_LOCAL_BLOCKS) break;
      this.blocked.delete(k);
    }
  }

  private announce(key: string, ms: number): void {
    const redis = this.redis;
    if (!redis?.isReady) return;
    redis.publish(BLOCKED_CHANNEL, `${ms} ${key}`).catch(() => undefined);
  }

  private listen(redis: Redis): void {
    const subscriber = redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', (err: Error) =>
      this.logger?.debug({ error: err.message }, 'not-found budget subscriber error'),
    );
    subscriber
      .connect()
      .then(() =>
        subscriber.subscribe(BLOCKED_CHANNEL, (message) => {
          const space = message.indexOf(' ');
          const ms = Number(message.slice(0, space));
          if (space > 0 && Number.isFinite(ms) && ms > 0) this.block(message.slice(space + 1), Math.min(ms, 3_600_000));
        }),
      )
      .catch((err: Error) => {
        if (this.subscriber === subscriber)
          this.logger?.warn({ error: err.message }, 'not-found budget: no announcements from other gateways');
      });
  }
}
