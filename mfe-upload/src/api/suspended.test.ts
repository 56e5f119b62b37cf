// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AccountSuspendedError, ProductApi } from './product-api';

const noWait = { attempts: 4, baseDelayMs: 1, maxDelayMs: 100, maxTotalMs: 1000, sleep: async () => undefined };

describe('a suspended account (403 account_suspended)', () => {
  it('shorten throws AccountSuspendedError at once: no retry, no fallback route, no raw drive link', async () => {
    const calls: string[] = [];
    const f = (async (path: string) => {
      calls.push(path);
      return path === '/api/shorten'
        ? Response.json({ error: 'This account is suspended', code: 'account_suspended' }, { status: 403 })
        : Response.json({ shortId: 'AbCdEfGh12', shortUrl: 'https://ferry.test/r/AbCdEfGh12' });
    }) as unknown as typeof fetch;
    const api = new ProductApi(() => 'token', f, noWait);
    await expect(api.shorten({ fileId: 'f' })).rejects.toBeInstanceOf(AccountSuspendedError);
    expect(calls).toEqual(['/api/shorten']);
  });
});
