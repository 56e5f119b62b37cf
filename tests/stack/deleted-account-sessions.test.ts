import { discover } from '@ferry/dev-identity';
import type { AccountDeletionState } from '@ferry/http-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/lib/stack.ts';
import { privateStack } from '../support/stack.ts';
import { shorten, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { signInAsCli } from '../support/client-sign-in.ts';
import { signInThroughGateway } from '../support/gateway-sign-in.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/** Authenticated routes a signed-in session uses, each as one request of that session. */
const ROUTES = {
  me: { method: 'GET', path: '/api/me' },
  export: { method: 'GET', path: '/api/me/export' },
  links: { method: 'GET', path: '/api/links' },
  shorten: { method: 'POST', path: '/api/shorten', body: { fileId: 'any-file-id' } },
  stats: { method: 'GET', path: '/api/links/{slug}/stats' },
  access: { method: 'PUT', path: '/api/links/{slug}/access', body: { downloadLimit: 5 } },
  shareEmail: { method: 'POST', path: '/api/share-email', body: { slug: '{slug}', to: 'friend@example.com' } },
} as const satisfies Record<string, { method: string; path: string; body?: object }>;

// A private stack (npm start mode on free ports, so no Redis): killing the gateway must not disturb other suites.
describe("a deleted account's other sessions, across gateway restarts", () => {
  let stack: RunningStack;
  let stopStack: (() => Promise<void>) | undefined;
  let ep: FerryEndpoints;

  beforeAll(async () => {
    ({ stack, stop: stopStack } = await privateStack('ferry-cutoffs-'));
    ep = {
      baseUrl: stack.baseUrl,
      issuer: stack.defaults.IDENTITY_ISSUER!,
      driveRootUrl: stack.defaults.DRIVE_ROOT_URL!,
    };
  }, 360_000);

  afterAll(async () => {
    await stopStack?.();
  }, 60_000);

  /** Polls until `check` holds. */
  async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
    const started = Date.now();
    while (!(await check().catch(() => false))) {
      if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const call = (token: string, route: keyof typeof ROUTES, slug: string) => {
    const r: { method: string; path: string; body?: object } = ROUTES[route];
    return fetch(`${stack.baseUrl}${r.path.replace('{slug}', slug)}`, {
      method: r.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(r.body ? { 'content-type': 'application/json' } : {}),
      },
      body: r.body ? JSON.stringify(r.body).replace('{slug}', slug) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  };

  /** Each route's status for each session. */
  async function statuses(tokens: Record<string, string>, slug: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [session, token] of Object.entries(tokens))
      for (const route of Object.keys(ROUTES) as Array<keyof typeof ROUTES>)
        out[`${session} ${route}`] = (await call(token, route, slug)).status;
    return out;
  }

  const everyone401 = (tokens: Record<string, string>) => {
    const expected: Record<string, number> = {};
    for (const session of Object.keys(tokens))
      for (const route of Object.keys(ROUTES)) expected[`${session} ${route}`] = 401;
    return expected;
  };

  async function killGatewayAndWait(): Promise<void> {
    const gateway = stack.processes.get('gateway')!;
    const restarts = gateway.restarts;
    const oldPid = gateway.child.pid;
    gateway.child.kill('SIGKILL');
    await until('the gateway restarted', 30_000, async () => gateway.restarts > restarts);
    expect(gateway.child.pid).not.toBe(oldPid);
    await until('the gateway serving again', 30_000, async () => {
      const res = await fetch(`${stack.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return res.status === 200;
    });
  }

  it('answers 401 to every other session after the deletion, also after two SIGKILLs of the gateway', async () => {
    const email = 'leaving@example.com';
    const deleter = await signInAsWebApp({ baseUrl: stack.baseUrl, identityIssuer: ep.issuer }, email);
    const others = {
      laptop: await signInAsWebApp({ baseUrl: stack.baseUrl, identityIssuer: ep.issuer }, email),
      phone: await signInAsWebApp({ baseUrl: stack.baseUrl, identityIssuer: ep.issuer }, email),
      cli: await signInAsCli({ identityIssuer: ep.issuer }, email),
    };
    const bystander = await signInAsWebApp(
      { baseUrl: stack.baseUrl, identityIssuer: ep.issuer },
      'staying@example.com',
    );
    const fileId = await uploadSharedFile(ep, others.laptop, 'before.txt', Buffer.from('made before the deletion\n'));
    const { shortId } = await shorten(ep, others.laptop, fileId);
    // Control: before the deletion no route refuses these sessions.
    const before = await statuses(others, shortId);
    expect(Object.entries(before).filter(([, status]) => status === 401 || status >= 500)).toEqual([]);

    const deleted = await fetch(`${stack.baseUrl}/api/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${deleter}`, origin: stack.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ trashFiles: false }),
    });
    expect(deleted.status).toBe(202);
    expect(await statuses(others, shortId)).toEqual(everyone401(others));
    // The deletion runs to its end: the account's rows are gone in every service, the cut-off is not.
    await until('the deletion done', 90_000, async () => {
      const res = await fetch(`${stack.baseUrl}/api/me/deletion`, { headers: { authorization: `Bearer ${deleter}` } });
      return ((await res.json()) as AccountDeletionState).state === 'done';
    });

    // Control: the provider still takes these tokens, so each refusal below is Ferry's cut-off.
    const { userinfo_endpoint } = await discover(ep.issuer);
    for (const token of Object.values(others)) {
      const res = await fetch(userinfo_endpoint, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }

    await killGatewayAndWait();
    expect(await statuses(others, shortId)).toEqual(everyone401(others));
    // The gateway refuses only them: another user works, and so does the user coming back.
    expect((await call(bystander, 'links', shortId)).status).toBe(200);
    const { accessToken: back } = await signInThroughGateway(stack.baseUrl, email);
    expect((await call(back, 'links', shortId)).status).toBe(200);

    await killGatewayAndWait();
    expect(await statuses(others, shortId)).toEqual(everyone401(others));
    expect((await call(back, 'links', shortId)).status).toBe(200);
    expect((await call(back, 'me', shortId)).status).toBe(200);
    expect(stack.processes.get('gateway')!.restarts).toBe(2);
  }, 240_000);
});
