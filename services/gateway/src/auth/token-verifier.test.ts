import { describe, expect, it, vi } from 'vitest';
import { MemoryTokenCache } from './token-cache.js';
import { createTokenVerifier, ProviderUnavailableError, userinfoLookup } from './token-verifier.js';

const endpoint = async () => 'https://provider.example/userinfo';
const answer = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe('userinfoLookup', () => {
  it('reads sub and email (and name, picture) from a 200', async () => {
    const fetchImpl = answer(200, { sub: '42', email: 'a@x.io', name: 'A', picture: 'https://p/x.png', extra: 1 });
    expect(await userinfoLookup(endpoint, fetchImpl as unknown as typeof fetch)('tok')).toEqual({
      ok: true,
      identity: { sub: '42', email: 'a@x.io', name: 'A', picture: 'https://p/x.png' },
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://provider.example/userinfo',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer tok' }) }),
    );
  });
  it('maps 401/400 to 401, 403 and a missing e-mail to 403, 5xx and network errors to ProviderUnavailableError', async () => {
    const lookup = (f: unknown) => userinfoLookup(endpoint, f as typeof fetch);
    expect(await lookup(answer(401))('t')).toEqual({ ok: false, status: 401 });
    expect(await lookup(answer(400))('t')).toEqual({ ok: false, status: 401 });
    expect(await lookup(answer(403))('t')).toEqual({ ok: false, status: 403 });
    expect(await lookup(answer(200, { sub: '1' }))('t')).toEqual({ ok: false, status: 403 });
    await expect(lookup(answer(503))('t')).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(lookup(vi.fn(async () => Promise.reject(new TypeError('down'))))('t')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe('createTokenVerifier', () => {
  it('shares one provider call between concurrent checks and caches a valid result', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const lookup = vi.fn(async () => {
      await gate;
      return { ok: true as const, identity: { sub: '1', email: 'a@x.io' } };
    });
    const verifier = createTokenVerifier({ lookup, cache: new MemoryTokenCache() });
    const all = Promise.all(Array.from({ length: 10 }, () => verifier.verify('tok')));
    release();
    expect((await all).every((r) => r.ok)).toBe(true);
    await verifier.verify('tok');
    expect(lookup).toHaveBeenCalledTimes(1);
  });
  it('does not cache rejections', async () => {
    const lookup = vi.fn(async () => ({ ok: false as const, status: 401 as const }));
    const verifier = createTokenVerifier({ lookup, cache: new MemoryTokenCache() });
    await verifier.verify('tok');
    await verifier.verify('tok');
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe('MemoryTokenCache', () => {
  it('expires entries and stays bounded', async () => {
    let now = 0;
    const cache = new MemoryTokenCache(2, () => now);
    await cache.set('a', { sub: 'a', email: 'a@x' }, 1000);
    now = 999;
    expect(await cache.get('a')).toBeTruthy();
    now = 1000;
    expect(await cache.get('a')).toBeUndefined();
    await cache.set('b', { sub: 'b', email: 'b@x' }, 5000);
    await cache.set('c', { sub: 'c', email: 'c@x' }, 5000);
    await cache.set('d', { sub: 'd', email: 'd@x' }, 5000);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('d')).toBeTruthy();
  });
});
