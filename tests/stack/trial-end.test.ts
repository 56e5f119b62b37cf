import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devToken, shorten, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

/**
 * A trial that really ends, across the real processes: the dev clock moves the account's billing
 * time past its 90 days, after which the gateway refuses new links with 402 while the link made
 * during the trial still redirects and downloads, and can still be extended.
 */
describe('the end of a trial on a running stack', () => {
  let stack: SuiteStack | undefined;
  let ep: FerryEndpoints;
  let token: string;
  const email = `trial-end-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

  const api = (path: string, body: unknown = {}) =>
    fetch(`${ep.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    stack = await stackForSuite();
    ep = { baseUrl: stack.baseUrl, issuer: stack.identityIssuer, driveRootUrl: stack.driveRootUrl };
    token = await devToken(ep, email);
  }, 240_000);
  afterAll(async () => stack?.stop(), 60_000);

  it('refuses new links with 402 once the clock passes the trial, while the trial’s link keeps working', async () => {
    const started = await api('/api/trial/start', { email });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ state: 'trial', phase: 'trial', total_days: 90 });

    const content = Buffer.from('made during the trial');
    const made = await shorten(ep, token, await uploadSharedFile(ep, token, 'trial.txt', content));
    const second = await uploadSharedFile(ep, token, 'after.txt', Buffer.from('made after the trial'));

    const moved = await api('/api/dev/clock/advance', { days: 91 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ state: 'expired', phase: 'expired', remaining_days: 0 });
    const status = await api('/api/access/status');
    expect(await status.json()).toMatchObject({ state: 'expired' });

    for (const path of ['/api/shorten', '/api/shorten/create']) {
      const refused = await api(path, { fileId: second, fileName: 'after.txt' });
      expect(refused.status, path).toBe(402);
      const body = (await refused.json()) as { code: string; error: string };
      expect(body.code).toBe('subscription_expired');
      expect(body.error).toMatch(/ended/);
    }

    // The link made during the trial still redirects to the drive, and the file downloads.
    const redirect = await fetch(`${ep.baseUrl}/api/d/${made.shortId}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location')!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe(content.toString());
    // Extending it is allowed too: nobody is locked out of their own files.
    const extended = await fetch(`${ep.baseUrl}/api/shorten`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: made.shortId }),
    });
    expect(extended.status).toBe(200);
  });
});
