import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIdentityProvider, loadClients, type IdentityProvider } from '@ferry/dev-identity';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { pino } from 'pino';
import { createApp, type AppDeps } from '../src/app.js';
import { OidcProvider } from '../src/auth/oidc.js';
import type { OfflineGrantStore } from '../src/auth/offline-grant.js';
import type { HandoverCodes } from '../src/auth/handover.js';
import { MemoryTokenCache, type TokenCache } from '../src/auth/token-cache.js';
import { audienceCheck, tokeninfoLookup } from '../src/auth/token-audience.js';
import { createTokenVerifier, userinfoLookup, type UserinfoLookup } from '../src/auth/token-verifier.js';
import type { HealthChecker } from '../src/grpc/health-checker.js';
import { close, listen } from './helpers.js';

export const GATEWAY_SECRET = 'gateway-test-secret';
/** A client of the identity provider that is not Ferry. */
export const OTHER_APP = { clientId: 'other-app', redirectUri: 'http://127.0.0.1:9/other-app/callback' } as const;

/** The gateway's audience check against `issuer`'s tokeninfo: only the gateway client's tokens are Ferry's. */
export const ferryAudience = (issuer: string) =>
  audienceCheck(
    tokeninfoLookup(async () => `${issuer}/tokeninfo`),
    ['ferry-gateway'],
  );

export interface AuthStack {
  idp: IdentityProvider;
  issuer: string;
  origin: string;
  server: http.Server;
  app: Express;
  /** Userinfo calls the verifier made (to prove caching). */
  userinfoCalls: () => number;
  stop(): Promise<void>;
}

const health = { report: async () => ({ status: 'ok', services: {} }) } as unknown as HealthChecker;

/**
 * The real dev-identity provider (in-process, port 0) and a gateway app wired to it as the
 * `local` provider, both on 127.0.0.1.
 */
export async function startAuthStack(
  opts: {
    logger?: Logger;
    cache?: TokenCache;
    extra?: Partial<AppDeps>;
    grants?: OfflineGrantStore;
    handover?: HandoverCodes;
  } = {},
): Promise<AuthStack> {
  const server = http.createServer();
  await listen(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-auth-idp-'));
  const clients = loadClients(
    JSON.stringify([
      {
        client_id: 'ferry-gateway',
        client_secret: GATEWAY_SECRET,
        redirect_uris: [`${origin}/api/auth/local/callback`],
      },
      { client_id: 'ferry-drive', client_secret: 'drive-secret', redirect_uris: [] },
      // Some other app the same people sign in to (public client, PKCE).
      { client_id: OTHER_APP.clientId, redirect_uris: [OTHER_APP.redirectUri] },
    ]),
  );
  const idp = createIdentityProvider({ dataDir, clients, logger: pino({ level: 'silent' }) });
  const issuer = await idp.listen(0, '127.0.0.1');
  const oidc = new OidcProvider({
    provider: 'local',
    issuer,
    clientId: 'ferry-gateway',
    clientSecret: GATEWAY_SECRET,
    publicOrigin: origin,
  });
  let calls = 0;
  const inner = userinfoLookup(() => oidc.userinfoEndpoint());
  const lookup: UserinfoLookup = (t) => {
    calls++;
    return inner(t);
  };
  const verifier = createTokenVerifier({
    lookup,
    audience: ferryAudience(issuer),
    cache: opts.cache ?? new MemoryTokenCache(),
  });
  const app = createApp({
    logger: opts.logger ?? pino({ level: 'silent' }),
    health,
    auth: { oidc, verifier, grants: opts.grants, handover: opts.handover },
    ...opts.extra,
  });
  server.on('request', app);
  return {
    idp,
    issuer,
    origin,
    server,
    app,
    userinfoCalls: () => calls,
    async stop() {
      await close(server);
      await idp.close().catch(() => undefined); // a test may have stopped it already
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies per host, like a browser (enough for these flows: no paths, no expiry). */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: URL): Map<string, string> {
    let jar = this.jars.get(url.host);
    if (!jar) {
      jar = new Map();
      this.jars.set(url.host, jar);
    }
    return jar;
  }

  /** `body`: a form; `json`: a JSON body sent as the shell's own page does (same-origin fetch). */
  async fetch(url: string, init: { method?: string; body?: string; json?: unknown } = {}): Promise<Response> {
    const u = new URL(url);
    const jar = this.jar(u);
    const res = await fetch(u, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  cookies(host: string): Map<string, string> {
    return this.jars.get(host) ?? new Map();
  }
}

export interface FlowEnd {
  /** The last Location on the gateway's origin that is not an /api URL (where the shell takes over). */
  location: URL;
  /** Every URL visited, in order. */
  visited: string[];
}

/**
 * Follows a sign-in like a user would: redirects, typing the e-mail on the login page, pressing
 * Allow (or Cancel) on the consent page, until the gateway sends the browser to a page of its origin.
 */
export async function followSignIn(
  browser: Browser,
  startUrl: string,
  origin: string,
  opts: { email?: string; deny?: boolean } = {},
): Promise<FlowEnd> {
  let next: { url: string; method: 'GET' | 'POST'; body?: string } = { url: startUrl, method: 'GET' };
  const visited: string[] = [];
  for (let hop = 0; hop < 25; hop++) {
    visited.push(next.url);
    const res = await browser.fetch(next.url, { method: next.method, body: next.body });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, next.url);
      if (target.origin === origin && !target.pathname.startsWith('/api/')) return { location: target, visited };
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const html = await res.text();
    const login = /action="(\/interaction\/[^"]+\/login)"/.exec(html);
    const confirm = /action="(\/interaction\/[^"]+\/confirm)"/.exec(html);
    const abort = /action="(\/interaction\/[^"]+\/abort)"/.exec(html);
    if (res.status === 200 && (opts.deny ? abort : undefined)) {
      next = { url: new URL(abort![1]!, next.url).href, method: 'POST', body: '' };
    } else if (res.status === 200 && login) {
      next = {
        url: new URL(login[1]!, next.url).href,
        method: 'POST',
        body: `email=${encodeURIComponent(opts.email ?? 'alice@example.com')}`,
      };
    } else if (res.status === 200 && confirm) {
      next = { url: new URL(confirm[1]!, next.url).href, method: 'POST', body: '' };
    } else {
      throw new Error(`sign-in stopped at ${next.url}: HTTP ${res.status} ${html.slice(0, 200)}`);
    }
  }
  throw new Error('too many hops');
}

export function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

/** What the shell does on `/auth/callback#code=…`: `POST /api/auth/handover` from `browser` with the code. */
export function redeemHandover(browser: Browser, origin: string, code: string): Promise<Response> {
  return browser.fetch(`${origin}/api/auth/handover`, { method: 'POST', json: { code } });
}

/**
 * A whole sign-in as the shell completes it: followSignIn, then the hand-over code of the
 * fragment redeemed from the same browser. `token` is '' when the sign-in ended without a code.
 */
export async function signInWithHandover(
  browser: Browser,
  startUrl: string,
  origin: string,
  opts: { email?: string } = {},
): Promise<{ token: string; fragment: URLSearchParams; location: URL }> {
  const { location } = await followSignIn(browser, startUrl, origin, opts);
  const fragment = fragmentOf(location);
  const code = fragment.get('code');
  if (!code) return { token: '', fragment, location };
  const res = await redeemHandover(browser, origin, code);
  if (res.status !== 200) throw new Error(`hand-over refused: HTTP ${res.status} ${await res.text()}`);
  return { token: ((await res.json()) as { access_token: string }).access_token, fragment, location };
}
