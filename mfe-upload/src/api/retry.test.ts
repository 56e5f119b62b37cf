// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isTransientAnswer, retryAfterMs, SHORTEN_RETRY, withRetry, type RetryPolicy } from './retry';

/** A policy that records its waits instead of sleeping; jitter fixed at its middle. */
function recording(overrides: Partial<RetryPolicy> = {}) {
  const waits: number[] = [];
  const policy: RetryPolicy = {
    ...SHORTEN_RETRY,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    ...overrides,
  };
  return { policy, waits };
}

/** A fake fetch answering from a list, then 201 with a short link. */
function answersThen201(answers: Array<Response | 'network'>) {
  let sent = 0;
  const send = async () => {
    sent++;
    const next = answers.shift();
    if (next === 'network') return undefined;
    return (
      next ?? Response.json({ shortId: 'AbCdEfGh12', shortUrl: 'https://ferry.test/r/AbCdEfGh12' }, { status: 201 })
    );
  };
  return { send, sent: () => sent };
}

const status = (code: number, body?: unknown, headers?: Record<string, string>) =>
  body === undefined ? new Response(null, { status: code, headers }) : Response.json(body, { status: code, headers });

describe('withRetry (link creation on the upload screen)', () => {
  it('retries a 500, a 429 and a rate-limit 403 with 0.5 s doubling backoff, then returns the 201', async () => {
    const { policy, waits } = recording();
    const gw = answersThen201([
      status(500),
      status(429),
      status(403, { error: { errors: [{ reason: 'userRateLimitExceeded' }] } }),
    ]);
    const res = await withRetry(gw.send, policy);
    expect(res?.status).toBe(201);
    expect(gw.sent()).toBe(4);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('retries a call that got no answer at all', async () => {
    const { policy } = recording();
    const gw = answersThen201(['network', 'network']);
    expect((await withRetry(gw.send, policy))?.status).toBe(201);
    expect(gw.sent()).toBe(3);
  });

  it('honours Retry-After when it is longer than the backoff', async () => {
    const { policy, waits } = recording();
    const gw = answersThen201([status(429, undefined, { 'retry-after': '3' })]);
    expect((await withRetry(gw.send, policy))?.status).toBe(201);
    expect(waits).toEqual([3000]);
  });

  it('stops at 4 attempts and hands back the last answer', async () => {
    const { policy, waits } = recording();
    const gw = answersThen201([status(502), status(502), status(502), status(503), status(503)]);
    expect((await withRetry(gw.send, policy))?.status).toBe(503);
    expect(gw.sent()).toBe(4);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(SHORTEN_RETRY.maxTotalMs);
  });

  it('does not wait past its bounds: a Retry-After beyond them ends the retries', async () => {
    const { policy, waits } = recording();
    const gw = answersThen201([status(429, undefined, { 'retry-after': '60' })]);
    expect((await withRetry(gw.send, policy))?.status).toBe(429);
    expect(waits).toEqual([]);
    const total = recording({ maxTotalMs: 1200 });
    const gw2 = answersThen201([status(500), status(500), status(500)]);
    expect((await withRetry(gw2.send, total.policy))?.status).toBe(500);
    expect(total.waits).toEqual([500]);
  });

  it('jitters each wait within ±25 % of the doubling backoff', async () => {
    for (const r of [0, 0.999]) {
      const { policy, waits } = recording({ random: () => r });
      await withRetry(answersThen201([status(500), status(500), status(500)]).send, policy);
      waits.forEach((w, i) => {
        expect(w).toBeGreaterThanOrEqual(500 * 2 ** i * 0.75);
        expect(w).toBeLessThanOrEqual(500 * 2 ** i * 1.25);
      });
    }
  });

  it('a refusal is answered at once: 400, 401, 404 and a 403 that is not a rate limit', async () => {
    for (const res of [
      status(400),
      status(401),
      status(404),
      status(403, { error: 'Permission denied', code: 'permission_denied' }),
    ]) {
      const { policy, waits } = recording();
      const gw = answersThen201([res]);
      expect((await withRetry(gw.send, policy))?.status).toBe(res.status);
      expect(gw.sent()).toBe(1);
      expect(waits).toEqual([]);
    }
  });
});

describe('isTransientAnswer and retryAfterMs', () => {
  it('reads the rate-limit code of a 403 from a gateway or a Google body', async () => {
    expect(await isTransientAnswer(status(403, { code: 'resource_exhausted' }))).toBe(true);
    expect(await isTransientAnswer(status(403, { error: { errors: [{ reason: 'rateLimitExceeded' }] } }))).toBe(true);
    expect(await isTransientAnswer(status(403, { code: 'not_found' }))).toBe(false);
    expect(await isTransientAnswer(status(403))).toBe(false);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs(status(429, undefined, { 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(status(429, undefined, { 'retry-after': new Date(9_000).toUTCString() }), 5_000)).toBe(4000);
    expect(retryAfterMs(status(429))).toBeUndefined();
  });
});
