import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveDevice,
  authorize,
  CookieJar,
  createIdentityProvider,
  discover,
  exchangeCode,
  loadClients,
  pkcePair,
  signIn,
  subjectFor,
  type IdentityProvider,
} from '../src/index.js';
import { DEVICE_CODE_TRIES } from '../src/device-attempts.js';

const clients = loadClients(
  JSON.stringify([
    {
      client_id: 'ferry-gateway',
      client_secret: 'gw-secret',
      redirect_uris: ['http://localhost:8080/api/auth/local/callback'],
    },
    {
      client_id: 'ferry-web',
      token_endpoint_auth_method: 'none',
      redirect_uris: ['http://localhost:3000/auth/callback'],
      post_logout_redirect_uris: ['http://localhost:3000/'],
    },
    { client_id: 'ferry-drive', client_secret: 'drive-secret', redirect_uris: [] },
    {
      client_id: 'ferry-send',
      token_endpoint_auth_method: 'none',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
      response_types: [],
    },
    // Another app the same people sign in to, allowed only the sign-in scopes.
    {
      client_id: 'other-app',
      token_endpoint_auth_method: 'none',
      scope: 'openid email profile',
      redirect_uris: ['http://localhost/other-app/callback'],
    },
  ]),
);
const WEB = { clientId: 'ferry-web', redirectUri: 'http://localhost:3000/auth/callback' };
const OTHER_APP = { clientId: 'other-app', redirectUri: 'http://localhost/other-app/callback' };
const DRIVE_FILE = 'https://www.googleapis.com/auth/drive.file';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

let dataDir: string;
let idp: IdentityProvider;
let issuer: string;

async function start(): Promise<void> {
  idp = createIdentityProvider({ dataDir, clients, logger: pino({ level: 'silent' }) });
  issuer = await idp.listen(0, '127.0.0.1');
}

async function introspect(token: string): Promise<Record<string, unknown>> {
  const d = await discover(issuer);
  const res = await fetch(d.introspection_endpoint, {
    method: 'POST',
    headers: {
      authorization: basic('ferry-drive', 'drive-secret'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function eventually<T>(fn: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts) throw e;
      await new Promise((r) => setImmediate(r));
    }
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dev-identity-'));
  await start();
});
afterAll(async () => {
  await idp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('dev identity provider', () => {
  it('publishes discovery with the endpoints clients need', async () => {
    const d = await discover(issuer);
    expect(d.issuer).toBe(issuer);
    expect(d.authorization_endpoint).toBe(`${issuer}/o/oauth2/v2/auth`);
    for (const k of [
      'token_endpoint',
      'userinfo_endpoint',
      'introspection_endpoint',
      'revocation_endpoint',
      'end_session_endpoint',
      'jwks_uri',
    ] as const) {
      expect(d[k]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
    const raw = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string[]>;
    expect(raw.code_challenge_methods_supported).toContain('S256');
    expect(raw.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', DRIVE_FILE]));
  });

  it('signs in with code + PKCE, then userinfo and introspection describe the user', async () => {
    const tokens = await signIn({ issuer, ...WEB, email: 'Alice.Smith@example.com' });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.access_token).not.toContain('.'); // opaque, like Google's
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile', DRIVE_FILE]));

    const d = await discover(issuer);
    const ui = await fetch(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(ui.status).toBe(200);
    const me = (await ui.json()) as Record<string, unknown>;
    expect(me).toEqual({
      sub: subjectFor('alice.smith@example.com'),
      email: 'alice.smith@example.com',
      email_verified: true,
      name: 'Alice Smith',
      given_name: 'Alice',
      family_name: 'Smith',
      picture: `${issuer}/avatar/${subjectFor('alice.smith@example.com')}.svg`,
    });
    expect(me.sub).toMatch(/^\d{21}$/);

    const tokeninfo = (await (await fetch(`${issuer}/tokeninfo?access_token=${tokens.access_token}`)).json()) as Record<
      string,
      string
    >;
    expect(tokeninfo).toMatchObject({
      azp: 'ferry-web',
      sub: me.sub,
      email: 'alice.smith@example.com',
      email_verified: 'true',
    });
    expect(tokeninfo.scope!.split(' ')).toContain(DRIVE_FILE);
    expect((await fetch(`${issuer}/tokeninfo?access_token=bogus`)).status).toBe(400);

    const info = await introspect(tokens.access_token);
    expect(info).toMatchObject({ active: true, sub: me.sub, client_id: 'ferry-web', email: 'alice.smith@example.com' });
    expect(String(info.scope).split(' ')).toContain(DRIVE_FILE);
    expect(Number(info.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
  });

  it("a client's `scope` limits what it may ask; tokeninfo names the client a token was issued to, as Google's does", async () => {
    const refused = await authorize({
      issuer,
      ...OTHER_APP,
      email: 'olga@example.com',
      scope: `openid email ${DRIVE_FILE}`,
      codeChallenge: pkcePair().challenge,
    });
    expect(refused).toMatchObject({ error: 'invalid_scope' });
    const tokens = await signIn({ issuer, ...OTHER_APP, email: 'olga@example.com', scope: 'openid email profile' });
    const tokeninfo = (await (await fetch(`${issuer}/tokeninfo?access_token=${tokens.access_token}`)).json()) as Record<
      string,
      string
    >;
    expect(tokeninfo).toMatchObject({ azp: 'other-app', aud: 'other-app', sub: subjectFor('olga@example.com') });
    expect(tokeninfo.scope!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    // The same person's token of Ferry's browser client names that client.
    const ferry = await signIn({ issuer, ...WEB, email: 'olga@example.com' });
    const ours = (await (await fetch(`${issuer}/tokeninfo?access_token=${ferry.access_token}`)).json()) as Record<
      string,
      string
    >;
    expect(ours).toMatchObject({ azp: 'ferry-web', aud: 'ferry-web', sub: subjectFor('olga@example.com') });
  });

  it('refuses a public client without PKCE and a wrong code_verifier', async () => {
    const d = await discover(issuer);
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: 'ferry-web',
      redirect_uri: WEB.redirectUri,
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const loc = new URL(res.headers.get('location') ?? '', issuer);
    expect(loc.searchParams.get('error')).toBe('invalid_request');

    const { challenge } = pkcePair();
    const outcome = await authorize({ issuer, ...WEB, email: 'bob@example.com', codeChallenge: challenge });
    if ('error' in outcome) throw new Error(outcome.error);
    await expect(
      exchangeCode({ issuer, ...WEB, code: outcome.code, codeVerifier: pkcePair().verifier }),
    ).rejects.toThrow(/invalid_grant/);
  });

  it('confidential client authenticates with its secret', async () => {
    const tokens = await signIn({
      issuer,
      clientId: 'ferry-gateway',
      clientSecret: 'gw-secret',
      redirectUri: 'http://localhost:8080/api/auth/local/callback',
      email: 'carol@example.com',
    });
    expect((await introspect(tokens.access_token)).client_id).toBe('ferry-gateway');
    await expect(
      signIn({
        issuer,
        clientId: 'ferry-gateway',
        clientSecret: 'wrong',
        redirectUri: 'http://localhost:8080/api/auth/local/callback',
        email: 'carol@example.com',
      }),
    ).rejects.toThrow(/invalid_client/);
  });

  it('access_type=offline with the consent prompt grants a refresh token that refreshes, as Google does', async () => {
    const GATEWAY = {
      clientId: 'ferry-gateway',
      clientSecret: 'gw-secret',
      redirectUri: 'http://localhost:8080/api/auth/local/callback',
    };
    const online = await signIn({ issuer, ...GATEWAY, email: 'olive@example.com', extraParams: { prompt: 'consent' } });
    expect(online.refresh_token).toBeUndefined();
    const offline = await signIn({
      issuer,
      ...GATEWAY,
      email: 'olive@example.com',
      extraParams: { prompt: 'consent', access_type: 'offline' },
    });
    expect(offline.refresh_token).toEqual(expect.any(String));
    const { token_endpoint } = await discover(issuer);
    const res = await fetch(token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('ferry-gateway:gw-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: offline.refresh_token! }),
    });
    expect(res.status).toBe(200);
    const refreshed = (await res.json()) as { access_token: string; scope: string };
    expect(refreshed.scope.split(' ')).toContain(DRIVE_FILE);
    expect((await introspect(refreshed.access_token)).active).toBe(true);
  });

  it('prompt=none: login_required without a session, consent_required without a grant, silent code with both', async () => {
    const { challenge } = pkcePair();
    const none = { prompt: 'none' };
    const noSession = await authorize({
      issuer,
      ...WEB,
      email: 'dave@example.com',
      codeChallenge: challenge,
      extraParams: none,
    });
    expect(noSession).toMatchObject({ error: 'login_required' });

    // Log in but refuse to click "Allow": the session exists, the grant does not.
    const jar = new CookieJar();
    await expect(
      authorize({ issuer, ...WEB, email: 'dave@example.com', codeChallenge: challenge, jar, consent: false }),
    ).rejects.toThrow(/sign-in stopped/);
    const noGrant = await authorize({
      issuer,
      ...WEB,
      email: 'dave@example.com',
      codeChallenge: challenge,
      jar,
      extraParams: none,
    });
    expect(noGrant).toMatchObject({ error: 'consent_required' });

    await authorize({ issuer, ...WEB, email: 'dave@example.com', codeChallenge: challenge, jar });
    const silent = await authorize({
      issuer,
      ...WEB,
      email: 'dave@example.com',
      codeChallenge: challenge,
      jar,
      extraParams: none,
    });
    expect(silent).toHaveProperty('code');
  });

  it('prompt=select_account shows the login page; a login_hint for another account asks to log in again', async () => {
    const { challenge } = pkcePair();
    const jar = new CookieJar();
    const first = await authorize({ issuer, ...WEB, email: 'henry@example.com', codeChallenge: challenge, jar });
    expect(first).toHaveProperty('code');
    const other = await authorize({
      issuer,
      ...WEB,
      email: 'iris@example.com',
      codeChallenge: challenge,
      jar,
      extraParams: { prompt: 'none' },
    });
    expect(other).toMatchObject({ error: 'login_required' });
    const same = await authorize({
      issuer,
      ...WEB,
      email: 'henry@example.com',
      codeChallenge: challenge,
      jar,
      extraParams: { prompt: 'none' },
    });
    expect(same).toHaveProperty('code');

    const d = await discover(issuer);
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: 'ferry-web',
      redirect_uri: WEB.redirectUri,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/interaction\//);
  });

  it('shows a login page without login_hint and a consent page listing the scopes', async () => {
    const { challenge } = pkcePair();
    const d = await discover(issuer);
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: 'ferry-web',
      redirect_uri: WEB.redirectUri,
      response_type: 'code',
      scope: `openid email profile ${DRIVE_FILE}`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const jar = new CookieJar();
    const first = await fetch(url, { redirect: 'manual' });
    jar.store(first);
    const interactionUrl = new URL(first.headers.get('location')!, issuer);
    const login = await fetch(interactionUrl, { headers: { cookie: jar.header() } });
    const loginHtml = await login.text();
    expect(loginHtml).toContain('type="email"');
    const posted = await fetch(`${interactionUrl.href}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=erin%40example.com',
    });
    expect(posted.status).toBe(303);
    jar.store(posted);
    const resume = await fetch(new URL(posted.headers.get('location')!, issuer), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.store(resume);
    const consent = await fetch(new URL(resume.headers.get('location')!, issuer), {
      headers: { cookie: jar.header() },
    });
    const consentHtml = await consent.text();
    expect(consentHtml).toContain('erin@example.com');
    expect(consentHtml).toContain(DRIVE_FILE);
  });

  it('revokes tokens and ends sessions', async () => {
    const tokens = await signIn({ issuer, ...WEB, email: 'frank@example.com' });
    const d = await discover(issuer);
    const res = await fetch(d.revocation_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: 'ferry-web' }),
    });
    expect(res.status).toBe(200);
    expect((await introspect(tokens.access_token)).active).toBe(false);
    const ui = await fetch(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(ui.status).toBe(401);

    const end = await fetch(
      `${d.end_session_endpoint}?client_id=ferry-web&post_logout_redirect_uri=${encodeURIComponent('http://localhost:3000/')}`,
    );
    expect(end.status).toBe(200);
    expect(await end.text()).toContain('form');
  });

  it("refuses a confidential client revoking another client's token (400) and leaves the token active", async () => {
    const tokens = await signIn({ issuer, ...WEB, email: 'heidi@example.com' });
    const d = await discover(issuer);
    const res = await fetch(d.revocation_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('ferry-gateway:gw-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ token: tokens.access_token }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect((await introspect(tokens.access_token)).active).toBe(true);
  });

  it('device flow: pending until a signed-in user approves the code, then tokens with a refresh token', async () => {
    const d = (await discover(issuer)) as Awaited<ReturnType<typeof discover>> & {
      device_authorization_endpoint: string;
    };
    expect(d.device_authorization_endpoint).toBe(`${issuer}/device/code`);
    const started = await fetch(d.device_authorization_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'ferry-send', scope: `openid email offline_access ${DRIVE_FILE}` }),
    });
    expect(started.status).toBe(200);
    const grant = (await started.json()) as {
      device_code: string;
      user_code: string;
      verification_uri_complete: string;
      interval: number;
    };
    const poll = async () => {
      const res = await fetch(d.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          device_code: grant.device_code,
          client_id: 'ferry-send',
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    expect((await poll()).body.error).toBe('authorization_pending');
    // Polling faster than the interval is told to slow down.
    expect((await poll()).body.error).toBe('slow_down');
    await approveDevice({ verificationUriComplete: grant.verification_uri_complete, email: 'dora@example.com' });
    // Approved: answered at once, however soon after the last poll.
    const answer = await poll();
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toEqual(expect.any(String));
    expect(await introspect(answer.body.access_token!)).toMatchObject({ active: true, email: 'dora@example.com' });
  });

  it('device flow: wrong user codes are limited per client, then even the right one waits (429, Retry-After)', async () => {
    const d = (await discover(issuer)) as Awaited<ReturnType<typeof discover>> & {
      device_authorization_endpoint: string;
    };
    const started = await fetch(d.device_authorization_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'ferry-send', scope: 'openid email' }),
    });
    const { user_code: userCode } = (await started.json()) as { user_code: string };
    const jar = new CookieJar();
    const page = async (res: Response) => {
      jar.store(res);
      const text = await res.text();
      return { status: res.status, text, xsrf: /name="xsrf" value="([^"]+)"/.exec(text)?.[1] ?? '' };
    };
    let current = await page(await fetch(`${issuer}/device`, { redirect: 'manual' }));
    const typeCode = async (code: string) =>
      page(
        await fetch(`${issuer}/device`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ xsrf: current.xsrf, user_code: code }),
        }),
      );
    for (let i = 0; i < DEVICE_CODE_TRIES; i++) {
      current = await typeCode(`WXYZ-${String(1000 + i)}`);
      expect(current.text).toContain('That code is not valid');
    }
    const refused = await fetch(`${issuer}/device`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: current.xsrf, user_code: userCode }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many wrong codes');
  });

  it('keeps keys, sessions and tokens across a restart', async () => {
    const tokens = await signIn({ issuer, ...WEB, email: 'grace@example.com' });
    const jwksBefore = await (await fetch((await discover(issuer)).jwks_uri)).json();
    const port = Number(new URL(issuer).port);
    await idp.close();
    idp = createIdentityProvider({ issuer, dataDir, clients, logger: pino({ level: 'silent' }) });
    await idp.listen(port, '127.0.0.1');
    // The client's keep-alive pool may still hold a socket of the old server: wait until a request gets through.
    await eventually(() => discover(issuer));
    expect(await (await fetch((await discover(issuer)).jwks_uri)).json()).toEqual(jwksBefore);
    expect(await introspect(tokens.access_token)).toMatchObject({ active: true, email: 'grace@example.com' });
  });
});
