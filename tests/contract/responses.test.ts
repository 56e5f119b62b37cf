import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute, responseIssues } from '@ferry/http-contract';
import { devToken, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { gatewayCallback } from '../support/gateway-sign-in.ts';

/** One real answer: its status and its JSON body (undefined when it has none). */
interface Answer {
  status: number;
  body: unknown;
}

/**
 * Real answers of a running stack against @ferry/http-contract: each main route's success and its
 * errors match the schema of their route and status (errors: `{error, code}` with a known code).
 */
describe('HTTP API answers match the contract', () => {
  let stack: SuiteStack;
  let ep: FerryEndpoints;
  let token: string;
  const owner = `contract-${Date.now().toString(36)}@example.com`;
  const checked: string[] = [];

  /** Calls `url` and checks the answer against the contract of `METHOD path` (path in OpenAPI form). */
  async function call(
    method: string,
    path: string,
    url: string,
    init: { body?: unknown; auth?: boolean; token?: string } = {},
  ): Promise<Answer> {
    const route = findRoute(method, path);
    expect(route, `${method} ${path} is in the contract`).toBeDefined();
    const headers: Record<string, string> = {};
    if (init.auth) headers.authorization = `Bearer ${init.token ?? token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${stack.baseUrl}${url}`, {
      method,
      redirect: 'manual',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    // The contract is about JSON: another body (a redirect's "Found." line) reads as none.
    const body: unknown = res.headers.get('content-type')?.startsWith('application/json')
      ? JSON.parse(text)
      : undefined;
    expect(responseIssues(route!, res.status, body), `${method} ${url} → ${res.status} ${text.slice(0, 300)}`).toEqual(
      [],
    );
    checked.push(`${method} ${path} ${res.status}`);
    return { status: res.status, body };
  }

  beforeAll(async () => {
    stack = await stackForSuite();
    ep = { baseUrl: stack.baseUrl, issuer: stack.identityIssuer, driveRootUrl: stack.driveRootUrl };
    token = await devToken(ep, owner);
  }, 240_000);
  afterAll(async () => stack?.stop(), 60_000);

  it('public routes: config, health, probes, the OpenAPI document, sign-in start', async () => {
    expect((await call('GET', '/api/config', '/api/config')).status).toBe(200);
    expect((await call('GET', '/api/health', '/api/health')).status).toBe(200);
    expect((await call('GET', '/api/livez', '/api/livez')).status).toBe(200);
    expect((await call('GET', '/api/readyz', '/api/readyz')).status).toBe(200);
    const doc = await call('GET', '/api/openapi.json', '/api/openapi.json');
    expect((doc.body as { openapi: string }).openapi).toBe('3.1.0');
    expect((await call('GET', '/api/auth/login', '/api/auth/login?next=/upload')).status).toBe(302);
  });

  it('an owner’s link from shorten to delete, and its public side', async () => {
    expect((await call('GET', '/api/me', '/api/me', { auth: true })).status).toBe(200);
    const fileId = await uploadSharedFile(ep, token, 'contract.txt', Buffer.from('the contract of the HTTP API'));

    const shortened = await call('POST', '/api/shorten', '/api/shorten', {
      auth: true,
      body: { fileId, fileName: 'contract.txt' },
    });
    expect(shortened.status).toBe(201);
    const { slug } = shortened.body as { slug: string };

    expect((await call('GET', '/api/links', '/api/links', { auth: true })).status).toBe(200);
    expect((await call('PATCH', '/api/shorten', '/api/shorten', { auth: true, body: { slug } })).status).toBe(200);
    expect((await call('GET', '/api/s', `/api/s?slug=${slug}&meta=1`)).status).toBe(200);
    expect((await call('GET', '/api/s', `/api/s?slug=${slug}&dl=1&ts=1`)).status).toBe(200);
    expect((await call('GET', '/api/s', `/api/s?slug=${slug}&probe=1`)).status).toBe(204);
    expect((await call('GET', '/api/resolve', `/api/resolve?id=${slug}`)).status).toBe(200);
    expect((await call('GET', '/api/size', `/api/size?id=${slug}`)).status).toBe(200);
    expect((await call('GET', '/api/d/{slug}', `/api/d/${slug}`)).status).toBe(302);
    expect((await call('POST', '/api/s', `/api/s?slug=${slug}&invalidate=1`, { auth: true })).status).toBe(204);

    expect(
      (
        await call('POST', '/api/share-email', '/api/share-email', {
          auth: true,
          body: { via: 'copy', link: `${stack.baseUrl}/r/${slug}` },
        })
      ).status,
    ).toBe(200);
    const shared = await call('POST', '/api/share-email', '/api/share-email', {
      auth: true,
      body: { slug, recipients: 'bob@example.com', message: 'For you' },
    });
    expect(shared.status).toBe(200);
    expect((shared.body as { recipients: string[] }).recipients).toEqual(['bob@example.com']);

    expect((await call('DELETE', '/api/shorten', '/api/shorten', { auth: true, body: { slug } })).status).toBe(204);
    const after = await call('GET', '/api/s', `/api/s?slug=${slug}&meta=1`);
    expect([404, 410]).toContain(after.status);
  });

  it('the account: trial and status', async () => {
    expect(
      (await call('POST', '/api/trial/start', '/api/trial/start', { auth: true, body: { email: owner } })).status,
    ).toBe(200);
    expect((await call('POST', '/api/access/status', '/api/access/status', { auth: true, body: {} })).status).toBe(200);
  });

  it('billing: plans, Checkout, portal, resume, the dev clock and the 402 on new links', async () => {
    const plans = await call('GET', '/api/billing/plans', '/api/billing/plans');
    expect(plans.status).toBe(200);
    expect((plans.body as { plans: Array<{ plan: string }> }).plans.map((p) => p.plan).sort()).toEqual([
      'monthly',
      'yearly',
    ]);

    // Another account, whose clock this test moves.
    const payer = await devToken(ep, `contract-billing-${Date.now().toString(36)}@example.com`);
    const as = { auth: true, token: payer };
    expect((await call('POST', '/api/trial/start', '/api/trial/start', { ...as, body: {} })).status).toBe(200);
    // The Stripe customer is made with the first Checkout: before it there is no portal.
    expect(await call('POST', '/api/billing/portal', '/api/billing/portal', { ...as, body: {} })).toEqual({
      status: 409,
      body: { error: expect.any(String), code: 'no_billing_account' },
    });
    const checkout = await call('POST', '/api/billing/checkout', '/api/billing/checkout', {
      ...as,
      body: { plan: 'yearly' },
    });
    expect(checkout.status).toBe(200);
    expect(new URL((checkout.body as { url: string }).url).protocol).toMatch(/^https?:$/);
    const portal = await call('POST', '/api/billing/portal', '/api/billing/portal', { ...as, body: {} });
    expect(portal.status).toBe(200);
    expect(await call('POST', '/api/billing/resume', '/api/billing/resume', { ...as, body: {} })).toEqual({
      status: 409,
      body: { error: expect.any(String), code: 'nothing_to_resume' },
    });

    const fileId = await uploadSharedFile(ep, payer, 'late.txt', Buffer.from('after the trial'));
    const moved = await call('POST', '/api/dev/clock/advance', '/api/dev/clock/advance', { ...as, body: { days: 91 } });
    expect(moved.status).toBe(200);
    expect((moved.body as { state: string }).state).toBe('expired');
    expect(await call('POST', '/api/shorten', '/api/shorten', { ...as, body: { fileId } })).toEqual({
      status: 402,
      body: { error: expect.any(String), code: 'subscription_expired' },
    });
  });

  it('errors carry a known code: bad input, no sign-in, share refusals, unknown links', async () => {
    const cases: Array<[string, string, string, { body?: unknown; auth?: boolean }, number, string]> = [
      ['POST', '/api/shorten', '/api/shorten', { auth: true, body: { fileId: 'x' } }, 400, 'invalid_argument'],
      ['POST', '/api/shorten', '/api/shorten', { body: { fileId: 'x' } }, 401, 'unauthenticated'],
      ['GET', '/api/me', '/api/me', {}, 401, 'unauthenticated'],
      ['POST', '/api/auth/handover', '/api/auth/handover', { body: { code: 'made-up-code' } }, 400, 'invalid_grant'],
      ['POST', '/api/auth/handover', '/api/auth/handover', { body: {} }, 400, 'invalid_argument'],
      [
        'POST',
        '/api/share-email',
        '/api/share-email',
        { auth: true, body: { slug: 'AbCdEfGh12', recipients: 'not an address' } },
        400,
        'invalid_recipients',
      ],
      [
        'POST',
        '/api/share-email',
        '/api/share-email',
        { auth: true, body: { recipients: 'bob@example.com' } },
        400,
        'url_unknown',
      ],
      ['GET', '/api/s', '/api/s?slug=NoSuchLink1&meta=1', {}, 404, 'not_found'],
      ['POST', '/api/feedback', '/api/feedback', { body: { message: '  ' } }, 400, 'invalid_argument'],
      [
        'POST',
        '/api/feedback',
        '/api/feedback',
        { body: { message: 'hi', replyTo: 'not an address' } },
        400,
        'invalid_argument',
      ],
      ['GET', '/api/s', '/api/s?slug=AbCdEfGh12', {}, 400, 'invalid_argument'],
      ['GET', '/api/d/{slug}', '/api/d/not%20a%20code', {}, 400, 'invalid_slug'],
      [
        'POST',
        '/api/access/status',
        '/api/access/status',
        { auth: true, body: { email: 'someone-else@example.com' } },
        403,
        'permission_denied',
      ],
      [
        'POST',
        '/api/billing/checkout',
        '/api/billing/checkout',
        { auth: true, body: { plan: 'trial' } },
        400,
        'invalid_argument',
      ],
      [
        'POST',
        '/api/dev/clock/advance',
        '/api/dev/clock/advance',
        { auth: true, body: { days: -1 } },
        400,
        'invalid_argument',
      ],
    ];
    for (const [method, path, url, init, status, code] of cases) {
      const answer = await call(method, path, url, init);
      expect(answer, `${method} ${url}`).toEqual({ status, body: { error: expect.any(String), code } });
    }
  });

  it('the sign-in hand-over: the browser that started it gets the contract’s token answer', async () => {
    const signIn = await gatewayCallback(stack.baseUrl, owner);
    const res = await fetch(`${stack.baseUrl}/api/auth/handover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: signIn.cookie },
      body: JSON.stringify({ code: signIn.code }),
    });
    const body = (await res.json()) as { access_token: string };
    expect(res.status).toBe(200);
    expect(responseIssues(findRoute('POST', '/api/auth/handover')!, 200, body)).toEqual([]);
    checked.push('POST /api/auth/handover 200');
    const me = await call('GET', '/api/me', '/api/me', { auth: true, token: body.access_token });
    expect(me.status).toBe(200);
  });

  it('feedback from a visitor (no sign-in) is queued; the answer is the contract’s', async () => {
    const sent = await call('POST', '/api/feedback', '/api/feedback', {
      body: { message: 'Contract check', page: '/faq', language: 'en' },
    });
    expect(sent.status).toBe(200);
  });

  it('the check fails when a real answer drifts from its schema', async () => {
    const config = await call('GET', '/api/config', '/api/config');
    const { driveRootUrl: _dropped, ...drifted } = config.body as Record<string, unknown>;
    const route = findRoute('GET', '/api/config')!;
    expect(responseIssues(route, 200, drifted)).toEqual([expect.stringContaining('driveRootUrl')]);
    expect(responseIssues(route, 200, { ...(config.body as object), extra: 1 })).toEqual([
      expect.stringContaining('extra'),
    ]);
    expect(responseIssues(route, 500, { error: 'Internal error', code: 'made_up' })).toEqual([
      expect.stringContaining('code'),
    ]);
    expect(checked.length).toBeGreaterThan(25);
  });
});
