import { describe, expect, it } from 'vitest';
import { CUTOFF_CACHE_FRESH_MS, sessionCutoffs, withSessionCutoffs } from '../src/auth/session-cutoffs.js';
import type { TokenVerifier } from '../src/auth/token-verifier.js';
import { memoryCutoffRecords } from './cutoff-records.js';
import { silentLogger } from './helpers.js';

const verifier: TokenVerifier = {
  async verify(token) {
    const m = /^tok-([a-z]+)-\d+$/.exec(token);
    return m
      ? { ok: true, identity: { sub: `sub-${m[1]}`, email: `${m[1]}@example.com` } }
      : { ok: false, status: 401 };
  },
  forget: async () => undefined,
};

function fakeRedis() {
  const kv = new Map<string, string>();
  return {
    kv,
    isReady: true,
    get: async (k: string) => kv.get(k) ?? null,
    set: async (k: string, v: string) => void kv.set(k, v),
    del: async (k: string) => void kv.delete(k),
  };
}

describe('sign out everywhere (session cut-offs)', () => {
  it('refuses every session of the user from the cut-off on, and only theirs', async () => {
    let now = 1_000_000;
    const link = memoryCutoffRecords({ ttlMs: 60_000, now: () => now });
    const cutoffs = sessionCutoffs({ records: link.records, logger: silentLogger(), now: () => now });
    const verify = withSessionCutoffs(verifier, cutoffs).verify;
    // A sign-in before the cut-off is admitted to nothing: the cut-off ends it too.
    await cutoffs.admit('sub-ann', 'tok-ann-1');
    expect((await verify('tok-ann-1')).ok).toBe(true);
    now += 1;
    await cutoffs.cutOff('sub-ann');
    for (const token of ['tok-ann-1', 'tok-ann-2']) expect(await verify(token)).toEqual({ ok: false, status: 401 });
    expect((await verify('tok-bob-1')).ok).toBe(true);
    // A sign-in after it (the user coming back) is a new session that works.
    now += 1;
    await cutoffs.admit('sub-ann', 'tok-ann-3');
    expect((await verify('tok-ann-3')).ok).toBe(true);
    expect((await verify('tok-ann-2')).ok).toBe(false);
    // The session that deleted the account may still read who it is (its page shows the progress).
    now += 1;
    await cutoffs.cutOff('sub-ann', { token: 'tok-ann-4', identity: { sub: 'sub-ann', email: 'ann@example.com' } });
    expect((await verify('tok-ann-4')).ok).toBe(false);
    // A later cut-off ends the session admitted after the earlier one too.
    expect((await verify('tok-ann-3')).ok).toBe(false);
    const me = withSessionCutoffs(verifier, cutoffs, { watching: true }).verify;
    expect((await me('tok-ann-4')).ok).toBe(true);
    expect((await me('tok-ann-2')).ok).toBe(false);
    // Also once the provider no longer knows it (the deletion revoked the grant it came from).
    const gone: TokenVerifier = { verify: async () => ({ ok: false, status: 401 }), forget: async () => undefined };
    expect(await withSessionCutoffs(gone, cutoffs, { watching: true }).verify('tok-ann-4')).toEqual({
      ok: true,
      identity: { sub: 'sub-ann', email: 'ann@example.com' },
    });
    expect((await withSessionCutoffs(gone, cutoffs, { watching: true }).verify('tok-ann-2')).ok).toBe(false);
    // Once every older token has expired, the cut-off goes.
    now += 60_001;
    expect((await verify('tok-ann-2')).ok).toBe(true);
  });

  it('a restarted gateway refuses the same sessions and admits the same fresh sign-in', async () => {
    const link = memoryCutoffRecords();
    const before = sessionCutoffs({ records: link.records, logger: silentLogger() });
    await before.cutOff('sub-dan');
    await new Promise((r) => setTimeout(r, 2));
    await before.admit('sub-dan', 'tok-dan-2');
    // A new process: nothing in memory, no Redis. It asks the link service.
    const after = sessionCutoffs({ records: link.records, logger: silentLogger() });
    expect(await after.isCutOff('sub-dan', 'tok-dan-1')).toBe(true);
    expect(await after.isCutOff('sub-dan', 'tok-dan-2')).toBe(false);
    expect(await after.isCutOff('sub-eve', 'tok-eve-1')).toBe(false);
  });

  it('keeps answers, "no cut-off" too, for a moment, and asks once for concurrent requests', async () => {
    let now = 5_000_000;
    const link = memoryCutoffRecords({ now: () => now });
    const cutoffs = sessionCutoffs({ records: link.records, logger: silentLogger(), now: () => now });
    const other = sessionCutoffs({ records: link.records, logger: silentLogger(), now: () => now });
    await Promise.all(Array.from({ length: 20 }, () => cutoffs.isCutOff('sub-fay', 'tok-fay-1')));
    expect(link.lookups).toBe(1);
    for (let i = 0; i < 10; i++) expect(await cutoffs.isCutOff('sub-fay', 'tok-fay-1')).toBe(false);
    expect(link.lookups).toBe(1);
    // Another gateway (no Redis between them) cuts fay off: seen here once the answer is no longer fresh.
    await other.cutOff('sub-fay');
    now += CUTOFF_CACHE_FRESH_MS;
    expect(await cutoffs.isCutOff('sub-fay', 'tok-fay-1')).toBe(true);
    expect(link.lookups).toBe(2);
    expect(await cutoffs.isCutOff('sub-fay', 'tok-fay-1')).toBe(true);
    expect(link.lookups).toBe(2);
  });

  it('fails loudly when a cut-off cannot be stored', async () => {
    const link = memoryCutoffRecords();
    const cutoffs = sessionCutoffs({ records: link.records, logger: silentLogger() });
    link.down = true;
    await expect(cutoffs.cutOff('sub-gus')).rejects.toThrow(/UNAVAILABLE/);
    link.down = false;
    const redis = { ...fakeRedis(), isReady: false };
    const withRedis = sessionCutoffs({ records: link.records, redis, logger: silentLogger() });
    await expect(withRedis.cutOff('sub-gus')).rejects.toThrow(/redis is not ready/);
    expect(await cutoffs.isCutOff('sub-gus', 'tok-gus-1')).toBe(false);
  });

  it('serves the last answer while the link service is down, and refuses to guess without one', async () => {
    let now = 9_000_000;
    const link = memoryCutoffRecords({ now: () => now });
    const cutoffs = sessionCutoffs({ records: link.records, logger: silentLogger(), now: () => now });
    await cutoffs.cutOff('sub-hal');
    expect(await cutoffs.isCutOff('sub-ivy', 'tok-ivy-1')).toBe(false);
    link.down = true;
    now += CUTOFF_CACHE_FRESH_MS * 10;
    expect(await cutoffs.isCutOff('sub-hal', 'tok-hal-1')).toBe(true);
    expect(await cutoffs.isCutOff('sub-ivy', 'tok-ivy-1')).toBe(false);
    await expect(cutoffs.isCutOff('sub-joe', 'tok-joe-1')).rejects.toThrow(/UNAVAILABLE/);
    // A sign-in is not held up by it.
    await expect(cutoffs.admit('sub-joe', 'tok-joe-2')).resolves.toBeUndefined();
  });

  it('shares the cut-offs through Redis with the other gateways', async () => {
    const redis = fakeRedis();
    const link = memoryCutoffRecords();
    const a = sessionCutoffs({ records: link.records, logger: silentLogger(), redis });
    const b = sessionCutoffs({ records: link.records, logger: silentLogger(), redis });
    expect(await b.isCutOff('sub-cat', 'tok-cat-1')).toBe(false);
    // b's "no cut-off" in Redis is replaced by a's cut-off at once.
    await a.cutOff('sub-cat');
    const c = sessionCutoffs({ records: link.records, logger: silentLogger(), redis });
    const lookups = link.lookups;
    expect(await c.isCutOff('sub-cat', 'tok-cat-1')).toBe(true);
    await new Promise((r) => setTimeout(r, 2));
    await c.admit('sub-cat', 'tok-cat-2');
    expect(await a.isCutOff('sub-cat', 'tok-cat-2')).toBe(false);
    // Redis answered; only the unknown session's admission was asked of the link service.
    expect(link.lookups - lookups).toBe(1);
    // Redis gone: the link service still has them all.
    redis.kv.clear();
    const d = sessionCutoffs({ records: link.records, logger: silentLogger(), redis });
    expect(await d.isCutOff('sub-cat', 'tok-cat-1')).toBe(true);
    expect(await d.isCutOff('sub-cat', 'tok-cat-2')).toBe(false);
  });
});
