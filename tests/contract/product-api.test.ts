import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

/**
 * Spec §7 "Product API": every listed call exists on the gateway and answers a bad or anonymous
 * request with a clear 4xx JSON error — never the unknown-route 404, never a 5xx.
 */
const calls: Array<{ method: string; path: string; body?: unknown }> = [
  { method: 'HEAD', path: '/api/me' },
  { method: 'GET', path: '/api/me' },
  { method: 'POST', path: '/api/trial/start', body: { email: 'a@example.com' } },
  { method: 'POST', path: '/api/shorten', body: { fileId: 'x' } },
  { method: 'POST', path: '/api/shorten/create', body: { fileId: 'x' } },
  { method: 'POST', path: '/api/shortlink', body: { slug: 'x' } },
  { method: 'PATCH', path: '/api/shorten', body: { slug: 'x' } },
  { method: 'POST', path: '/api/shorten/update', body: { slug: 'x' } },
  { method: 'PATCH', path: '/api/shortlink', body: { slug: 'x' } },
  { method: 'POST', path: '/api/s?slug=uc&invalidate=1' },
  { method: 'GET', path: '/api/s?dl=1&slug=uc&ts=1' },
  { method: 'GET', path: '/api/s?slug=uc&probe=1' },
  { method: 'GET', path: '/api/s?slug=uc&meta=1' },
  { method: 'GET', path: '/api/resolve?id=uc' },
  { method: 'HEAD', path: '/api/resolve?id=uc' },
  { method: 'GET', path: '/api/size?id=uc&owner=x' },
  { method: 'GET', path: '/api/download?id=uc' },
  { method: 'POST', path: '/api/share-email', body: { recipientsCsv: 'b@example.com' } },
  { method: 'POST', path: '/api/feedback', body: {} },
  { method: 'POST', path: '/api/access/status', body: { email: 'a@example.com' } },
  { method: 'POST', path: '/api/stripe/cancel', body: { email: 'a@example.com' } },
  { method: 'POST', path: '/api/billing/checkout', body: { plan: 'yearly' } },
  { method: 'POST', path: '/api/billing/portal', body: {} },
  { method: 'POST', path: '/api/billing/resume', body: {} },
  { method: 'POST', path: '/api/dev/clock/advance', body: { days: 1 } },
  { method: 'GET', path: '/api/d/uc' },
];

describe('product API of spec §7 on the running gateway', () => {
  let stack: SuiteStack;
  beforeAll(async () => {
    stack = await stackForSuite();
  }, 180_000);
  afterAll(async () => stack?.stop(), 60_000);

  it.each(calls)(
    '$method $path exists and refuses a bad or anonymous call with a 4xx',
    async ({ method, path, body }) => {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(response.headers.get('location')).toBeNull();
      if (method === 'HEAD') return;
      const answer = (await response.json()) as { error?: unknown; code?: unknown };
      expect(typeof answer.error, `${method} ${path} answers {error}`).toBe('string');
      const unknownRoute = response.status === 404 && answer.error === 'Not found' && answer.code === 'not_found';
      expect(unknownRoute, `${method} ${path} is not a route of the gateway`).toBe(false);
    },
  );

  it('answers an unknown /api route with the JSON 404', async () => {
    const response = await fetch(`${stack.baseUrl}/api/no-such-route`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
