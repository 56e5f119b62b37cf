import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@ferry/testkit';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/** GET /api/links/{slug}/stats through the gateway against the real link service: the owner's only. */
describe('link statistics across the stack', () => {
  let stack: SuiteStack | undefined;
  let baseUrl: string;
  const tokens: Record<'owner' | 'other', string> = { owner: '', other: '' };
  const auth = (who: keyof typeof tokens) => ({ Authorization: `Bearer ${tokens[who]}` });

  beforeAll(async () => {
    stack = await stackForSuite();
    baseUrl = stack.baseUrl;
    for (const who of ['owner', 'other'] as const)
      tokens[who] = await signInAsWebApp(stack, `stats-${who}-${Date.now().toString(36)}@example.com`);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  async function newLink(): Promise<string> {
    const files = `${stack!.driveRootUrl}/drive/v3/files`;
    const headers = { ...auth('owner'), 'Content-Type': 'application/json' };
    const create = async (meta: object) =>
      ((await (await fetch(files, { method: 'POST', headers, body: JSON.stringify(meta) })).json()) as { id: string })
        .id;
    const root = await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({
      name: 'stats.txt',
      mimeType: 'text/plain',
      parents: [root],
      appProperties: { ferry: '1' },
    });
    await fetch(`${files}/${fileId}/permissions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const res = await fetch(`${baseUrl}/api/shorten`, { method: 'POST', headers, body: JSON.stringify({ fileId }) });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { slug: string }).slug;
  }

  it('counts the owner’s downloads per day and refuses everyone else', async () => {
    const slug = await newLink();
    const stats = (headers: Record<string, string>, query = '?tz=Europe/Amsterdam') =>
      fetch(`${baseUrl}/api/links/${slug}/stats${query}`, { headers });

    for (let i = 0; i < 2; i++) {
      const dl = await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' });
      expect(dl.status).toBe(302);
    }
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    let body: Record<string, unknown> = {};
    await waitFor(
      'two downloads counted',
      async () => {
        const res = await stats(auth('owner'));
        body = (await res.json()) as Record<string, unknown>;
        return res.status === 200 && body.total === 2;
      },
      20_000,
    );
    expect(body).toMatchObject({ slug, timeZone: 'Europe/Amsterdam', total: 2, days: [{ date: today, downloads: 2 }] });
    expect(Date.parse(body.firstDownloadedAt as string)).toBeLessThanOrEqual(Date.now());

    // Another signed-in user, and no one: 404 (the link's existence is not revealed) and 401.
    const other = await stats(auth('other'));
    expect(other.status).toBe(404);
    expect(JSON.stringify(await other.json())).not.toContain('downloads');
    expect((await stats({})).status).toBe(401);
    expect((await stats(auth('owner'), '?tz=Not/AZone')).status).toBe(400);
    expect((await stats(auth('owner'), "?tz=UTC'--")).status).toBe(400);
  });
});
