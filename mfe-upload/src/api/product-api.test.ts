// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ProductApi, SubscriptionExpiredError } from './product-api';

/** A gateway that answers each path with the given status (200 carries a short link). */
function gateway(statuses: Record<string, number>) {
  const calls: string[] = [];
  const f = (async (path: string) => {
    calls.push(path);
    const status = statuses[path] ?? 404;
    return status === 200
      ? Response.json({ shortId: 'AbCdEfGh12', shortUrl: 'https://ferry.test/r/AbCdEfGh12' })
      : new Response(null, { status });
  }) as unknown as typeof fetch;
  return { api: new ProductApi(() => 'token', f, noWait), calls };
}

const noWait = { attempts: 4, baseDelayMs: 1, maxDelayMs: 100, maxTotalMs: 1000, sleep: async () => undefined };

describe('shorten (spec §7: POST /api/shorten, fallback POST /api/shorten/create)', () => {
  it('uses the main route when it answers', async () => {
    const { api, calls } = gateway({ '/api/shorten': 200 });
    await expect(api.shorten({ fileId: 'f' })).resolves.toMatchObject({ shortId: 'AbCdEfGh12' });
    expect(calls).toEqual(['/api/shorten']);
  });

  it.each([404, 405])('falls back to /api/shorten/create after a %d', async (status) => {
    const { api, calls } = gateway({ '/api/shorten': status, '/api/shorten/create': 200 });
    await expect(api.shorten({ fileId: 'f' })).resolves.toMatchObject({ shortUrl: 'https://ferry.test/r/AbCdEfGh12' });
    expect(calls).toEqual(['/api/shorten', '/api/shorten/create']);
  });

  it.each([500, 503])(
    'retries the main route 4 times after a %d, then falls back to /api/shorten/create',
    async (status) => {
      const { api, calls } = gateway({ '/api/shorten': status, '/api/shorten/create': 200 });
      await expect(api.shorten({ fileId: 'f' })).resolves.toMatchObject({
        shortUrl: 'https://ferry.test/r/AbCdEfGh12',
      });
      expect(calls).toEqual(['/api/shorten', '/api/shorten', '/api/shorten', '/api/shorten', '/api/shorten/create']);
    },
  );

  it('gets the short link when the main route answers on a retry (500, 429, rate-limit 403, then 201)', async () => {
    const answers = [
      new Response(null, { status: 500 }),
      new Response(null, { status: 429, headers: { 'retry-after': '0' } }),
      Response.json({ error: 'Too many requests', code: 'rate_limited' }, { status: 403 }),
      Response.json({ shortId: 'AbCdEfGh12', shortUrl: 'https://ferry.test/r/AbCdEfGh12' }, { status: 201 }),
    ];
    const calls: string[] = [];
    const f = (async (path: string) => {
      calls.push(path);
      return answers.shift()!;
    }) as unknown as typeof fetch;
    await expect(new ProductApi(() => 'token', f, noWait).shorten({ fileId: 'f' })).resolves.toMatchObject({
      shortId: 'AbCdEfGh12',
    });
    expect(calls).toEqual(['/api/shorten', '/api/shorten', '/api/shorten', '/api/shorten']);
  });

  it('a refusal stands: no fallback after a 400 or 401, and the caller uses the direct link', async () => {
    for (const status of [400, 401]) {
      const { api, calls } = gateway({ '/api/shorten': status, '/api/shorten/create': 200 });
      await expect(api.shorten({ fileId: 'f' })).rejects.toThrow('shorten failed');
      expect(calls).toEqual(['/api/shorten']);
    }
  });
});

describe('an ended trial or plan (402 subscription_expired)', () => {
  it('shorten throws SubscriptionExpiredError at once: no retry, no fallback route', async () => {
    const { api, calls } = gateway({ '/api/shorten': 402, '/api/shorten/create': 200 });
    await expect(api.shorten({ fileId: 'f' })).rejects.toBeInstanceOf(SubscriptionExpiredError);
    expect(calls).toEqual(['/api/shorten']);
  });

  it('access reads the state of POST /api/access/status; unknown when it cannot be told', async () => {
    const answer = (body: unknown, status = 200) => {
      const sent: RequestInit[] = [];
      const f = (async (_path: string, init: RequestInit) => {
        sent.push(init);
        return status === 200 ? Response.json(body) : new Response(null, { status });
      }) as unknown as typeof fetch;
      return { api: new ProductApi(() => 'token', f), sent };
    };
    const expired = answer({ phase: 'expired', state: 'expired', plan: 'trial', total_days: 90 });
    await expect(expired.api.access('de')).resolves.toEqual({ expired: true, plan: 'trial' });
    expect(JSON.parse(String(expired.sent[0]!.body))).toEqual({ language: 'de' });
    expect((expired.sent[0]!.headers as Record<string, string>).authorization).toBe('Bearer token');
    await expect(
      answer({ phase: 'expired', state: 'expired', plan: 'yearly', total_days: 365 }).api.access(),
    ).resolves.toEqual({ expired: true, plan: 'paid' });
    await expect(
      answer({ phase: 'paid', state: 'past_due', plan: 'monthly', total_days: 30 }).api.access(),
    ).resolves.toEqual({ expired: false, plan: 'paid' });
    await expect(answer({}, 404).api.access()).resolves.toBeUndefined();
    await expect(answer({}, 503).api.access()).resolves.toBeUndefined();
  });
});

describe('links (GET /api/links, 100 a page)', () => {
  it('reads every page', async () => {
    const calls: string[] = [];
    const pages: Record<string, { links: Array<{ slug: string }>; nextPageToken?: string }> = {
      '/api/links': { links: [{ slug: 'a' }], nextPageToken: '100' },
      '/api/links?pageToken=100': { links: [{ slug: 'b' }], nextPageToken: '200' },
      '/api/links?pageToken=200': { links: [{ slug: 'c' }] },
    };
    const f = (async (path: string) => {
      calls.push(path);
      return Response.json(pages[path]);
    }) as unknown as typeof fetch;
    const links = await new ProductApi(() => 'token', f).links();
    expect(links.map((l) => l.slug)).toEqual(['a', 'b', 'c']);
    expect(calls).toHaveLength(3);
  });

  it('keeps what it read when a later page fails', async () => {
    const f = (async (path: string) =>
      path === '/api/links'
        ? Response.json({ links: [{ slug: 'a' }], nextPageToken: '100' })
        : new Response(null, { status: 503 })) as unknown as typeof fetch;
    expect((await new ProductApi(() => 'token', f).links()).map((l) => l.slug)).toEqual(['a']);
  });
});
