import { startRedis } from '@ferry/testkit';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserBinding,
  browserKeyOf,
  HANDOVER_CODE_TTL_MS,
  handoverCodes,
  newBrowserKey,
  type HandoverCodes,
} from '../src/auth/handover.js';
import { silentLogger } from './helpers.js';

const grant = { accessToken: 'access-token-of-the-sign-in', expiresIn: 3599 };

describe('hand-over codes in one gateway (no Redis)', () => {
  it('a code gives its grant once, to the browser it was issued for, within its time', async () => {
    let now = 1_000_000;
    const codes = handoverCodes({ now: () => now });
    const mine = newBrowserKey();
    const other = newBrowserKey();

    const code = await codes.issue(grant, browserBinding(mine));
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await codes.redeem(code, mine)).toEqual(grant);
    expect(await codes.redeem(code, mine)).toBeUndefined();

    const stolen = await codes.issue(grant, browserBinding(mine));
    expect(await codes.redeem(stolen, other)).toBeUndefined();
    expect(await codes.redeem(stolen, mine)).toBeUndefined();

    const late = await codes.issue(grant, browserBinding(mine));
    now += HANDOVER_CODE_TTL_MS;
    expect(await codes.redeem(late, mine)).toBeUndefined();
    expect(await codes.redeem('made-up', mine)).toBeUndefined();
  });

  it('takes only a cookie of the shape it hands out', () => {
    const key = newBrowserKey();
    expect(browserKeyOf(key)).toBe(key);
    for (const bad of [undefined, '', 'short', `${key}x`, `${key.slice(0, 42)}=`])
      expect(browserKeyOf(bad)).toBeUndefined();
    expect(browserBinding(key)).not.toContain(key);
  });
});

describe('hand-over codes shared through Redis (several gateway replicas)', () => {
  let redis: ReturnType<typeof createClient>;
  let own: Awaited<ReturnType<typeof startRedis>> | undefined;
  let a: HandoverCodes;
  let b: HandoverCodes;

  beforeAll(async () => {
    own = process.env.FERRY_TEST_REDIS_URL ? undefined : await startRedis();
    redis = createClient({ url: process.env.FERRY_TEST_REDIS_URL ?? own!.url });
    await redis.connect();
    a = handoverCodes({ redis, logger: silentLogger(), ttlMs: 2_000 });
    b = handoverCodes({ redis, logger: silentLogger(), ttlMs: 2_000 });
  }, 60_000);
  afterAll(async () => {
    await redis?.close();
    await own?.stop();
  });

  it('a code issued by one replica is redeemed at another, once, under a hashed key that expires', async () => {
    const browser = newBrowserKey();
    const code = await a.issue(grant, browserBinding(browser));
    const keys = await redis.keys('ferry:gateway:handover:*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(code);
    expect(await redis.get(keys[0]!)).not.toContain(browser);
    expect(await redis.pTTL(keys[0]!)).toBeGreaterThan(0);
    expect(await redis.pTTL(keys[0]!)).toBeLessThanOrEqual(2_000);

    expect(await b.redeem(code, browser)).toEqual(grant);
    expect(await a.redeem(code, browser)).toBeUndefined();
    expect(await b.redeem(code, browser)).toBeUndefined();
  });

  it('concurrent redemptions at two replicas: exactly one gets the grant', async () => {
    const browser = newBrowserKey();
    for (let round = 0; round < 20; round++) {
      const code = await a.issue(grant, browserBinding(browser));
      const answers = await Promise.all([a.redeem(code, browser), b.redeem(code, browser)]);
      expect(answers.filter((x) => x !== undefined)).toHaveLength(1);
    }
  });

  it("another browser's try burns the code at every replica; an expired code is gone", async () => {
    const browser = newBrowserKey();
    const code = await a.issue(grant, browserBinding(browser));
    expect(await b.redeem(code, newBrowserKey())).toBeUndefined();
    expect(await a.redeem(code, browser)).toBeUndefined();

    const short = handoverCodes({ redis, logger: silentLogger(), ttlMs: 50 });
    const late = await short.issue(grant, browserBinding(browser));
    await expect.poll(async () => (await redis.keys('ferry:gateway:handover:*')).length, { timeout: 5_000 }).toBe(0);
    expect(await short.redeem(late, browser)).toBeUndefined();
  });
});
