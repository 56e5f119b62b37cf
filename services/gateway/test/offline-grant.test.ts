import { Writable } from 'node:stream';
import { createLogger, type AssertedUser } from '@ferry/service-kit';
import { discover } from '@ferry/dev-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineGrantStore } from '../src/auth/offline-grant.js';
import {
  Browser,
  fragmentOf,
  GATEWAY_SECRET,
  signInWithHandover,
  startAuthStack,
  type AuthStack,
} from './auth-helpers.js';

/** What the link service would have received: sub → refresh token (a stand-in for StoreOfflineGrant). */
const stored = new Map<string, { email: string; refreshToken: string; scope: string }>();
const removed: string[] = [];
let failStore = false;
const grants: OfflineGrantStore = {
  async store(user: AssertedUser, refreshToken: string, scope: string) {
    if (failStore) throw new Error('link service unavailable');
    stored.set(user.sub, { email: user.email, refreshToken, scope });
  },
  async remove(user: AssertedUser) {
    removed.push(user.sub);
    stored.delete(user.sub);
  },
};

const logLines: string[] = [];
const logger = createLogger(
  'gateway',
  'trace',
  new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  }),
);
let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack({ logger, grants });
});
afterAll(async () => {
  await stack.stop();
});

async function signIn(email: string, query = ''): Promise<{ token: string; location: URL }> {
  return signInWithHandover(new Browser(), `${stack.origin}/api/auth/local${query}`, stack.origin, { email });
}

function storedFor(email: string) {
  const entry = [...stored.entries()].find(([, g]) => g.email === email);
  if (!entry) throw new Error(`no grant stored for ${email}`);
  return { sub: entry[0], ...entry[1] };
}

/** The provider's token endpoint with the gateway's client, as the link service refreshes. */
async function refresh(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { token_endpoint } = await discover(stack.issuer);
  const res = await fetch(token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`ferry-gateway:${GATEWAY_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('offline access at sign-in', () => {
  it('an interactive sign-in asks for offline access with the consent prompt; the silent one does not', async () => {
    const interactive = new URL(
      (await fetch(`${stack.origin}/api/auth/local`, { redirect: 'manual' })).headers.get('location')!,
    );
    expect(interactive.searchParams.get('access_type')).toBe('offline');
    expect(interactive.searchParams.get('prompt')).toBe('consent');
    const silent = new URL(
      (await fetch(`${stack.origin}/api/auth/local?prompt=none`, { redirect: 'manual' })).headers.get('location')!,
    );
    expect(silent.searchParams.get('access_type')).toBeNull();
  });

  it('hands the refresh token to the grant store, never to the browser; it refreshes into a drive.file token for that user', async () => {
    const { token, location } = await signIn('olga@example.com');
    expect(token).not.toBe('');
    const grant = storedFor('olga@example.com');
    expect(grant.refreshToken.length).toBeGreaterThan(10);
    expect(grant.scope.split(' ')).toContain('https://www.googleapis.com/auth/drive.file');
    expect(location.href).not.toContain(grant.refreshToken);
    expect(fragmentOf(location).has('refresh_token')).toBe(false);

    const refreshed = await refresh(grant.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(String(refreshed.body.scope).split(' ')).toContain('https://www.googleapis.com/auth/drive.file');
    const me = await fetch(`${stack.origin}/api/me`, {
      headers: { authorization: `Bearer ${String(refreshed.body.access_token)}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ sub: grant.sub, email: 'olga@example.com' });

    // At trace level no log line holds the refresh token, the access tokens or the code.
    const text = logLines.join('\n');
    expect(text).toContain('sign-in completed');
    for (const secret of [grant.refreshToken, token, String(refreshed.body.access_token)])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[?&]code=(?!%5Bredacted%5D)/);
  });

  it('a grant store that fails does not fail the sign-in', async () => {
    failStore = true;
    try {
      const { token, location } = await signIn('pavel@example.com');
      expect(location.pathname).toBe('/auth/callback');
      expect(token).not.toBe('');
    } finally {
      failStore = false;
    }
    expect(logLines.join('\n')).toContain('offline grant could not be stored');
  });

  it('sign-out (POST /api/auth/revoke) deletes the stored grant of that user only', async () => {
    const { token } = await signIn('quinn@example.com');
    await signIn('rosa@example.com');
    const quinn = storedFor('quinn@example.com');
    const res = await fetch(`${stack.origin}/api/auth/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    expect(removed).toEqual([quinn.sub]);
    expect(stored.has(quinn.sub)).toBe(false);
    expect(storedFor('rosa@example.com').refreshToken).toEqual(expect.any(String));
  });
});
