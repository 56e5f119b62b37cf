import { describe, expect, it, vi } from 'vitest';
import { audienceCheck, issuedToFerry, tokeninfoLookup, type AudienceVerdict } from './token-audience.js';
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

const tokeninfoAt = async () => 'https://provider.example/tokeninfo';
const FERRY = new Set(['ferry-web-app', 'ferry-cli']);

describe('tokeninfoLookup', () => {
  const lookup = (f: unknown) => tokeninfoLookup(tokeninfoAt, f as typeof fetch);
  it("reads Google's shape: azp is the client the token was issued to, aud its audience", async () => {
    const fetchImpl = answer(200, {
      azp: 'ferry-web-app',
      aud: 'ferry-web-app',
      sub: '42',
      scope: 'openid email',
      exp: '1900000000',
      expires_in: '3599',
      email: 'a@x.io',
      email_verified: 'true',
      access_type: 'online',
    });
    expect(await lookup(fetchImpl)('tok')).toEqual({
      valid: true,
      clientId: 'ferry-web-app',
      audience: ['ferry-web-app'],
    });
    const url = new URL(String((fetchImpl.mock.calls[0] as unknown[])[0]));
    expect(url.origin + url.pathname).toBe('https://provider.example/tokeninfo');
    expect(url.searchParams.get('access_token')).toBe('tok');
  });
  it('takes a lone aud as the client when azp is absent, and an audience list as sent', async () => {
    expect(await lookup(answer(200, { aud: 'ferry-cli' }))('t')).toEqual({
      valid: true,
      clientId: 'ferry-cli',
      audience: ['ferry-cli'],
    });
    expect(await lookup(answer(200, { azp: 'ferry-cli', aud: ['ferry-cli', 'other'] }))('t')).toEqual({
      valid: true,
      clientId: 'ferry-cli',
      audience: ['ferry-cli', 'other'],
    });
  });
  it('maps 400/401 and an answer naming no client to invalid, 5xx, HTML and network errors to ProviderUnavailableError', async () => {
    expect(await lookup(answer(400, { error: 'invalid_token' }))('t')).toEqual({ valid: false });
    expect(await lookup(answer(401))('t')).toEqual({ valid: false });
    expect(await lookup(answer(200, { sub: '1' }))('t')).toEqual({ valid: false });
    expect(await lookup(answer(200, { aud: ['a', 'b'] }))('t')).toEqual({ valid: false });
    await expect(lookup(answer(502))('t')).rejects.toBeInstanceOf(ProviderUnavailableError);
    const html = vi.fn(async () => new Response('<html>', { status: 200 }));
    await expect(lookup(html)('t')).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(lookup(vi.fn(async () => Promise.reject(new TypeError('down'))))('t')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe('issuedToFerry', () => {
  const info = (clientId: string, audience: string[]) => ({ valid: true as const, clientId, audience });
  it.each<[string, string, string[], AudienceVerdict]>([
    ["the web app's token", 'ferry-web-app', ['ferry-web-app'], 'ferry'],
    ["the CLI's token", 'ferry-cli', ['ferry-cli'], 'ferry'],
    ['issued to Ferry for both of its clients', 'ferry-cli', ['ferry-cli', 'ferry-web-app'], 'ferry'],
    ['issued to Ferry with no audience named', 'ferry-cli', [], 'ferry'],
    ["another app's token (azp and aud another client)", 'other-app', ['other-app'], 'foreign'],
    [
      'another app presenting a token meant for Ferry (aud Ferry, azp another)',
      'other-app',
      ['ferry-web-app'],
      'foreign',
    ],
    ['issued to Ferry but also for another audience', 'ferry-web-app', ['ferry-web-app', 'other-app'], 'foreign'],
    ['a client id that only starts like Ferry’s', 'ferry-web-app-evil', ['ferry-web-app-evil'], 'foreign'],
  ])('%s', (_name, azp, aud, verdict) => {
    expect(issuedToFerry(info(azp, aud), FERRY)).toBe(verdict);
  });
  it('an invalid token stays invalid (401 unauthenticated, not foreign_token)', () => {
    expect(issuedToFerry({ valid: false }, FERRY)).toBe('invalid');
  });
  it('refuses to be built without a client id', () => {
    expect(() => audienceCheck(async () => ({ valid: false }), [])).toThrow();
  });
});

describe('createTokenVerifier', () => {
  const user = { ok: true as const, identity: { sub: '1', email: 'a@x.io' } };
  const ferry = async (): Promise<AudienceVerdict> => 'ferry';

  it('shares one provider call between concurrent checks and caches a valid result', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const lookup = vi.fn(async () => {
      await gate;
      return user;
    });
    const audience = vi.fn(ferry);
    const verifier = createTokenVerifier({ lookup, audience, cache: new MemoryTokenCache() });
    const all = Promise.all(Array.from({ length: 10 }, () => verifier.verify('tok')));
    release();
    expect((await all).every((r) => r.ok)).toBe(true);
    await verifier.verify('tok');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(audience).toHaveBeenCalledTimes(1);
  });
  it('keeps an accepted verdict for the TTL, then asks again', async () => {
    let now = 0;
    const audience = vi.fn(ferry);
    const lookup = vi.fn(async () => user);
    const verifier = createTokenVerifier({
      lookup,
      audience,
      cache: new MemoryTokenCache(10, () => now),
      ttlMs: 30_000,
    });
    await verifier.verify('tok');
    now = 29_999;
    await verifier.verify('tok');
    expect(audience).toHaveBeenCalledTimes(1);
    now = 30_000;
    await verifier.verify('tok');
    expect(audience).toHaveBeenCalledTimes(2);
  });
  it("refuses another app's token with foreign_token although userinfo knows the user, and caches nothing", async () => {
    const lookup = vi.fn(async () => user);
    const audience = vi.fn(async (): Promise<AudienceVerdict> => 'foreign');
    const cache = new MemoryTokenCache();
    const verifier = createTokenVerifier({ lookup, audience, cache });
    expect(await verifier.verify('tok')).toEqual({ ok: false, status: 401, code: 'foreign_token' });
    expect(await verifier.verify('tok')).toEqual({ ok: false, status: 401, code: 'foreign_token' });
    expect(audience).toHaveBeenCalledTimes(2);
  });
  it('refuses a token the tokeninfo does not know with a plain 401, and a scope refusal stays 403', async () => {
    const invalid = createTokenVerifier({
      lookup: async () => user,
      audience: async () => 'invalid',
      cache: new MemoryTokenCache(),
    });
    expect(await invalid.verify('tok')).toEqual({ ok: false, status: 401 });
    const scope = createTokenVerifier({
      lookup: async () => ({ ok: false, status: 403 }),
      audience: ferry,
      cache: new MemoryTokenCache(),
    });
    expect(await scope.verify('tok')).toEqual({ ok: false, status: 403 });
  });
  it('throws ProviderUnavailableError when the audience cannot be checked (502, never a pass)', async () => {
    const verifier = createTokenVerifier({
      lookup: async () => user,
      audience: async () => {
        throw new ProviderUnavailableError('tokeninfo answered HTTP 503');
      },
      cache: new MemoryTokenCache(),
    });
    await expect(verifier.verify('tok')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
  it('does not cache rejections', async () => {
    const lookup = vi.fn(async () => ({ ok: false as const, status: 401 as const }));
    const verifier = createTokenVerifier({ lookup, audience: ferry, cache: new MemoryTokenCache() });
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
