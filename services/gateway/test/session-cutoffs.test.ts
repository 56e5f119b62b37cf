import { describe, expect, it } from 'vitest';
import { sessionCutoffs, withSessionCutoffs } from '../src/auth/session-cutoffs.js';
import type { TokenVerifier } from '../src/auth/token-verifier.js';
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

describe('sign out everywhere (session cut-offs)', () => {
  it('refuses every session of the user from the cut-off on, and only theirs', async () => {
    let now = 1_000_000;
    const cutoffs = sessionCutoffs({ logger: silentLogger(), ttlMs: 60_000, now: () => now });
    const verify = withSessionCutoffs(verifier, cutoffs).verify;
    // A sign-in before the cut-off is admitted to nothing: the cut-off ends it too.
    await cutoffs.admit('sub-ann', 'tok-ann-1');
    expect((await verify('tok-ann-1')).ok).toBe(true);
    await cutoffs.cutOff('sub-ann');
    for (const token of ['tok-ann-1', 'tok-ann-2']) expect(await verify(token)).toEqual({ ok: false, status: 401 });
    expect((await verify('tok-bob-1')).ok).toBe(true);
    // A sign-in after it (the user coming back) is a new session that works.
    await cutoffs.admit('sub-ann', 'tok-ann-3');
    expect((await verify('tok-ann-3')).ok).toBe(true);
    expect((await verify('tok-ann-2')).ok).toBe(false);
    // The session that deleted the account may still read who it is (its page shows the progress).
    await cutoffs.cutOff('sub-ann', { token: 'tok-ann-4', identity: { sub: 'sub-ann', email: 'ann@example.com' } });
    expect((await verify('tok-ann-4')).ok).toBe(false);
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
    // Once every older token has expired, the mark goes.
    now += 60_001;
    expect((await verify('tok-ann-2')).ok).toBe(true);
  });

  it('shares the marks through Redis with the other gateways', async () => {
    const kv = new Map<string, string>();
    const redis = {
      isReady: true,
      get: async (k: string) => kv.get(k) ?? null,
      set: async (k: string, v: string) => void kv.set(k, v),
      del: async (k: string) => void kv.delete(k),
    };
    const a = sessionCutoffs({ logger: silentLogger(), redis });
    const b = sessionCutoffs({ logger: silentLogger(), redis });
    await a.cutOff('sub-cat');
    expect(await b.isCutOff('sub-cat', 'tok-cat-1')).toBe(true);
    await b.admit('sub-cat', 'tok-cat-2');
    expect(await a.isCutOff('sub-cat', 'tok-cat-2')).toBe(false);
  });
});
