import { startRedis } from '@ferry/testkit';
import { createClient } from 'redis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_SCOPES } from '../src/auth/oidc.js';
import { HANDOVER_CODE_TTL_MS, handoverCodes } from '../src/auth/handover.js';
import { MemoryTokenCache, RedisTokenCache, tokenCacheKey } from '../src/auth/token-cache.js';
import { createTokenVerifier, userinfoLookup } from '../src/auth/token-verifier.js';
import { signIn as idpSignIn } from '@ferry/dev-identity';
import {
  Browser,
  ferryAudience,
  followSignIn,
  fragmentOf,
  OTHER_APP,
  redeemHandover,
  signInWithHandover,
  startAuthStack,
  type AuthStack,
} from './auth-helpers.js';
import { capturingLogger } from './helpers.js';

let stack: AuthStack;
const log = capturingLogger();

beforeAll(async () => {
  stack = await startAuthStack({ logger: log.logger });
});
afterAll(async () => {
  await stack.stop();
});

async function signIn(
  email: string,
  query = '',
): Promise<{ token: string; fragment: URLSearchParams; browser: Browser; end: URL }> {
  const browser = new Browser();
  const { token, fragment, location } = await signInWithHandover(
    browser,
    `${stack.origin}/api/auth/local${query}`,
    stack.origin,
    { email },
  );
  return { token, fragment, browser, end: location };
}

const me = (token: string | undefined, method: 'GET' | 'HEAD' = 'GET') =>
  fetch(`${stack.origin}/api/me`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/auth/{provider}', () => {
  it('starts the code flow with state, PKCE S256, nonce, the four scopes and prompt=consent', async () => {
    const res = await fetch(`${stack.origin}/api/auth/local`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const url = new URL(res.headers.get('location')!);
    expect(url.origin + url.pathname).toBe(`${stack.issuer}/o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('ferry-gateway');
    expect(q.get('redirect_uri')).toBe(`${stack.origin}/api/auth/local/callback`);
    expect(q.get('scope')!.split(' ').sort()).toEqual([
      'email',
      'https://www.googleapis.com/auth/drive.file',
      'openid',
      'profile',
    ]);
    expect(q.get('scope')).toBe(SIGN_IN_SCOPES);
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    const [cookie = '', browserCookie = ''] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^ferry_auth_[A-Za-z0-9_-]+=/);
    // The browser's own key for the hand-over: readable by no page, sent to /api/auth/* only.
    expect(browserCookie).toMatch(/^ferry_handover=[A-Za-z0-9_-]{43};/);
    expect(browserCookie).toMatch(/HttpOnly/i);
    expect(browserCookie).toMatch(/SameSite=Lax/i);
    expect(browserCookie).toContain('Path=/api/auth;');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain('Path=/api/auth/local/callback');
    // The sealed cookie does not reveal the PKCE verifier or the state.
    expect(cookie).not.toContain(q.get('state')!);
  });

  it('uses prompt=none for the silent refresh', async () => {
    const res = await fetch(`${stack.origin}/api/auth/local?prompt=none`, { redirect: 'manual' });
    expect(new URL(res.headers.get('location')!).searchParams.get('prompt')).toBe('none');
  });

  it('/api/auth/login forwards to the configured provider with the query kept', async () => {
    const res = await fetch(`${stack.origin}/api/auth/login?prompt=none&next=%2Fupload`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/auth/local?prompt=none&next=%2Fupload');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await fetch(`${stack.origin}/api/auth/facebook`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'unknown_provider' });
  });
});

describe('sign-in callback', () => {
  it('exchanges the code server-side and gives the shell a one-time code in the fragment, never the token, with the return path', async () => {
    const { token, fragment, end } = await signIn(
      'Alice.Smith@example.com',
      `?next=${encodeURIComponent('/upload?x=1')}`,
    );
    expect(end.pathname).toBe('/auth/callback');
    expect(end.search).toBe('');
    expect([...fragment.keys()].sort()).toEqual(['code', 'next']);
    expect(fragment.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(end.href).not.toContain(token);
    expect(token.length).toBeGreaterThan(10);
    expect(fragment.get('next')).toBe('/upload?x=1');

    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, string>;
    expect(body.email).toBe('alice.smith@example.com');
    expect(body.sub).toMatch(/^\d{21}$/);
  });

  it('never logs the access token or the code', async () => {
    const { token, fragment } = await signIn('logcheck@example.com');
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain(token);
    expect(text).not.toContain(fragment.get('code'));
    expect(text).toContain('sign-in completed');
    expect(text).not.toMatch(/[?&]code=(?!%5Bredacted%5D)/);
  });

  it('drops hostile return paths', async () => {
    for (const next of [
      '//evil.example',
      'https://evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/a/..//evil.example',
    ]) {
      const { token, fragment } = await signIn('bob@example.com', `?next=${encodeURIComponent(next)}`);
      expect(token).toBeTruthy();
      expect(fragment.get('next')).toBeNull();
    }
  });

  it('sends the user to / with the error when they cancel', async () => {
    const browser = new Browser();
    const { location } = await followSignIn(browser, `${stack.origin}/api/auth/local`, stack.origin, { deny: true });
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.hash).toBe('');
  });

  it('refuses a callback whose state has no matching flow cookie (forged, replayed or from another browser)', async () => {
    const res = await fetch(`${stack.origin}/api/auth/local/callback?code=abc&state=forged`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, stack.origin);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('error')).toBe('invalid_state');
  });

  it('a replayed callback URL does not sign in twice', async () => {
    const browser = new Browser();
    const { visited } = await followSignIn(browser, `${stack.origin}/api/auth/local`, stack.origin, {
      email: 'replay@example.com',
    });
    const callback = visited.find((u) => u.includes('/api/auth/local/callback'))!;
    const again = await browser.fetch(callback);
    expect(new URL(again.headers.get('location')!, stack.origin).searchParams.get('error')).toBe('invalid_state');
  });

  it('silent refresh: a token without any page when the provider session and grant exist; login_required back to the shell otherwise', async () => {
    const { browser } = await signIn('carol@example.com', '?next=/account');
    const silent = await signInWithHandover(
      browser,
      `${stack.origin}/api/auth/local?prompt=none&next=/account`,
      stack.origin,
    );
    const f = silent.fragment;
    expect(silent.location.pathname).toBe('/auth/callback');
    expect(silent.token).toBeTruthy();
    expect(f.get('silent')).toBe('1');
    expect(f.get('next')).toBe('/account');

    const fresh = await followSignIn(
      new Browser(),
      `${stack.origin}/api/auth/local?prompt=none&next=/faq`,
      stack.origin,
    );
    expect(fresh.location.pathname).toBe('/auth/callback');
    expect(Object.fromEntries(fragmentOf(fresh.location))).toEqual({
      error: 'login_required',
      silent: '1',
      next: '/faq',
    });
  });
});

describe('POST /api/auth/handover: only the browser that started the sign-in gets its token', () => {
  /** A sign-in run to the shell's callback, its code not yet redeemed. */
  async function toCallback(browser: Browser, email: string): Promise<string> {
    const { location } = await followSignIn(browser, `${stack.origin}/api/auth/local`, stack.origin, { email });
    return fragmentOf(location).get('code') ?? '';
  }
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ code: 'invalid_grant' });
  };

  it('the right browser gets the token once; the same code again is refused', async () => {
    const browser = new Browser();
    const code = await toCallback(browser, 'handover.right@example.com');
    const res = await redeemHandover(browser, stack.origin, code);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeGreaterThan(3000);
    expect(await (await me(body.access_token)).json()).toMatchObject({ email: 'handover.right@example.com' });
    await refused(await redeemHandover(browser, stack.origin, code));
  });

  it("another browser's code is refused, with or without a cookie of its own, and is burnt by the try", async () => {
    const victim = new Browser();
    const attacker = new Browser();
    // The victim's browser has a hand-over cookie of its own (it signed in before).
    await signInWithHandover(victim, `${stack.origin}/api/auth/local`, stack.origin, { email: 'victim@example.com' });
    const attackersCode = await toCallback(attacker, 'attacker@example.com');
    await refused(await redeemHandover(victim, stack.origin, attackersCode));
    // Burnt: not even the browser it was issued to can use it now.
    await refused(await redeemHandover(attacker, stack.origin, attackersCode));

    const anotherCode = await toCallback(attacker, 'attacker@example.com');
    await refused(await redeemHandover(new Browser(), stack.origin, anotherCode));
    await refused(await redeemHandover(victim, stack.origin, 'made-up-code-0123456789'));
  });

  it('two sign-ins under way in one browser (two tabs) both complete', async () => {
    const browser = new Browser();
    const first = await browser.fetch(`${stack.origin}/api/auth/local`);
    const toProvider = first.headers.get('location')!;
    const second = await signInWithHandover(browser, `${stack.origin}/api/auth/local`, stack.origin, {
      email: 'two.tabs@example.com',
    });
    expect(second.token).toBeTruthy();
    const finished = await signInWithHandover(browser, toProvider, stack.origin, { email: 'two.tabs@example.com' });
    expect(finished.token).toBeTruthy();
    expect(finished.token).not.toBe(second.token);
  });

  it('refuses a request from another site (403) and a body without a code (400)', async () => {
    const browser = new Browser();
    const code = await toCallback(browser, 'handover.csrf@example.com');
    const crossSite = await fetch(`${stack.origin}/api/auth/handover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ code }),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'cross_origin' });
    const noCode = await browser.fetch(`${stack.origin}/api/auth/handover`, { method: 'POST', json: {} });
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({ code: 'invalid_argument' });
    // Refused before the store was asked: the code still works.
    expect((await redeemHandover(browser, stack.origin, code)).status).toBe(200);
  });

  it('an expired code is refused', async () => {
    let now = Date.now();
    const clocked = await startAuthStack({ handover: handoverCodes({ now: () => now }) });
    try {
      const browser = new Browser();
      const { location } = await followSignIn(browser, `${clocked.origin}/api/auth/local`, clocked.origin, {
        email: 'late@example.com',
      });
      now += HANDOVER_CODE_TTL_MS + 1;
      const res = await redeemHandover(browser, clocked.origin, fragmentOf(location).get('code')!);
      await refused(res);
    } finally {
      await clocked.stop();
    }
  });
});

describe('HEAD|GET /api/me and the auth middleware', () => {
  it('401 without a token or with a malformed or unknown one', async () => {
    const none = await me(undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await me('not a token')).status).toBe(401);
    expect((await me('unknown-token-1234567890')).status).toBe(401);
    expect((await me(undefined, 'HEAD')).status).toBe(401);
  });

  it('HEAD answers 200 for a valid token', async () => {
    const { token } = await signIn('dave@example.com');
    const res = await me(token, 'HEAD');
    expect(res.status).toBe(200);
  });

  it('a burst of calls with one token costs one verification', async () => {
    const { token } = await signIn('erin@example.com');
    const before = stack.userinfoCalls();
    const answers = await Promise.all(Array.from({ length: 25 }, () => me(token, 'HEAD')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(stack.userinfoCalls() - before).toBe(1);
  });

  it('logout revocation: POST /api/auth/revoke revokes at the provider and the token is refused at once', async () => {
    const { token } = await signIn('frank@example.com');
    expect((await me(token, 'HEAD')).status).toBe(200); // now cached
    const revoke = await fetch(`${stack.origin}/api/auth/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.status).toBe(204);
    expect((await me(token, 'HEAD')).status).toBe(401);
    expect((await fetch(`${stack.origin}/api/auth/revoke`, { method: 'POST' })).status).toBe(401);
  });

  const revoke = (token: string) =>
    fetch(`${stack.origin}/api/auth/revoke`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const providerKnows = async (token: string) =>
    (await fetch(`${stack.issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('revocation is real at the provider: the revoked token is refused there, by a fresh verification and a second revoke', async () => {
    const { token } = await signIn('ivan@example.com');
    expect(await providerKnows(token)).toBe(200);
    expect((await revoke(token)).status).toBe(204);
    expect(await providerKnows(token)).toBe(401);
    // Not only the cache entry is gone: a gateway that never saw the token refuses it too.
    const fresh = createTokenVerifier({
      lookup: userinfoLookup(async () => `${stack.issuer}/v1/userinfo`),
      audience: ferryAudience(stack.issuer),
      cache: new MemoryTokenCache(),
    });
    expect(await fresh.verify(token)).toEqual({ ok: false, status: 401 });
    const again = await revoke(token);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'invalid_token' });
  });

  it("refuses to revoke another app's token with 403 foreign_token and leaves it valid", async () => {
    const other = await idpSignIn({
      issuer: stack.issuer,
      clientId: OTHER_APP.clientId,
      redirectUri: OTHER_APP.redirectUri,
      email: 'judy@example.com',
    });
    const res = await revoke(other.access_token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'foreign_token' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await providerKnows(other.access_token)).toBe(200);
    // A made-up token is not valid anywhere: 401, nothing to revoke.
    expect((await revoke('made-up-token-0123456789')).status).toBe(401);
  });

  it("refuses another app's token at the gate: 401 foreign_token with RFC 6750's invalid_token", async () => {
    const other = await idpSignIn({
      issuer: stack.issuer,
      clientId: OTHER_APP.clientId,
      redirectUri: OTHER_APP.redirectUri,
      email: 'kim@example.com',
    });
    expect(await providerKnows(other.access_token)).toBe(200);
    const res = await me(other.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await res.json()).toMatchObject({ code: 'foreign_token' });
  });
});

describe('token cache', () => {
  it('a token revoked elsewhere is refused once the cache entry expires', async () => {
    let now = 1_000_000;
    const { token } = await signIn('grace@example.com');
    const cache = new MemoryTokenCache(100, () => now);
    const endpoint = async () => `${stack.issuer}/v1/userinfo`;
    const verifier = createTokenVerifier({
      lookup: userinfoLookup(endpoint),
      audience: ferryAudience(stack.issuer),
      cache,
      ttlMs: 30_000,
    });
    expect((await verifier.verify(token)).ok).toBe(true);
    // Revoked at the provider directly (another app, the user's Google account page…).
    await fetch(`${stack.origin}/api/auth/revoke`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    now += 29_000;
    expect((await verifier.verify(token)).ok).toBe(true);
    now += 2_000;
    expect(await verifier.verify(token)).toEqual({ ok: false, status: 401 });
  });

  it('Redis: two gateways share one verification; keys are hashes, never the token', async () => {
    const own = process.env.FERRY_TEST_REDIS_URL ? undefined : await startRedis();
    const url = process.env.FERRY_TEST_REDIS_URL ?? own!.url;
    const client = createClient({ url });
    await client.connect();
    try {
      const { token } = await signIn('heidi@example.com');
      let calls = 0;
      const lookup = userinfoLookup(async () => `${stack.issuer}/v1/userinfo`);
      const counting = (t: string) => {
        calls++;
        return lookup(t);
      };
      const prefix = `ferry:test:${Date.now()}:`;
      const a = createTokenVerifier({
        lookup: counting,
        audience: ferryAudience(stack.issuer),
        cache: new RedisTokenCache(client, pino({ level: 'silent' }), prefix),
      });
      const b = createTokenVerifier({
        lookup: counting,
        audience: ferryAudience(stack.issuer),
        cache: new RedisTokenCache(client, pino({ level: 'silent' }), prefix),
      });
      expect((await a.verify(token)).ok).toBe(true);
      expect((await b.verify(token)).ok).toBe(true);
      expect(calls).toBe(1);
      const keys = await client.keys(`${prefix}*`);
      expect(keys).toEqual([`${prefix}${tokenCacheKey(token)}`]);
      expect(await client.pTTL(keys[0]!)).toBeGreaterThan(20_000);
      await b.forget(token);
      expect(await client.keys(`${prefix}*`)).toEqual([]);
    } finally {
      await client.close();
      await own?.stop();
    }
  });
});

describe('provider unreachable', () => {
  it('/api/me answers 502 (never 401: the shell must not log out) and sign-in goes home with temporarily_unavailable', async () => {
    const down = await startAuthStack();
    await down.idp.close();
    const me = await fetch(`${down.origin}/api/me`, { headers: { authorization: 'Bearer some-token-1234567' } });
    expect(me.status).toBe(502);
    const start = await fetch(`${down.origin}/api/auth/local`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    expect(new URL(start.headers.get('location')!, down.origin).searchParams.get('error')).toBe(
      'temporarily_unavailable',
    );
    await down.stop();
  });
});
