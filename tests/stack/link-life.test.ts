import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/**
 * The 30-day cap across gateway → link service: a fresh link (7 days) takes 23 one-day extends,
 * then one last one that adds what is left of the last day, and the next answers 409 `extend_limit`.
 */
describe('link life across the stack', () => {
  let stack: SuiteStack | undefined;
  let baseUrl: string;
  let token: string;
  const email = `life-${Date.now().toString(36)}@example.com`;
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

  beforeAll(async () => {
    stack = await stackForSuite();
    baseUrl = stack.baseUrl;
    token = await signInAsWebApp(stack, email);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('extends up to 30 days after the upload, then answers 409 extend_limit', async () => {
    // What the upload screen leaves: a file in the Ferry folder, readable by anyone with the link.
    const files = `${stack!.driveRootUrl}/drive/v3/files`;
    const create = async (meta: object) =>
      (
        (await (await fetch(files, { method: 'POST', headers: headers(), body: JSON.stringify(meta) })).json()) as {
          id: string;
        }
      ).id;
    const root = await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      parents: [root],
      appProperties: { ferry: '1' },
    });
    await fetch(`${files}/${fileId}/permissions`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const shortened = await fetch(`${baseUrl}/api/shorten`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ fileId }),
    });
    expect(shortened.status, await shortened.clone().text()).toBe(201);
    const { slug, expiresAt } = (await shortened.json()) as { slug: string; expiresAt: string };
    const listed = (await (await fetch(`${baseUrl}/api/links`, { headers: headers() })).json()) as {
      links: Array<{ slug: string; createdAt: string }>;
    };
    const cap = Date.parse(listed.links.find((l) => l.slug === slug)!.createdAt) + 30 * 86_400_000;

    const extend = () =>
      fetch(`${baseUrl}/api/shorten`, { method: 'PATCH', headers: headers(), body: JSON.stringify({ slug }) });
    let expiry = Date.parse(expiresAt);
    const answers: number[] = [];
    for (;;) {
      const res = await extend();
      answers.push(res.status);
      if (res.status !== 200) {
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({
          error: expect.stringMatching(/30 days after the upload/),
          code: 'extend_limit',
        });
        break;
      }
      const next = Date.parse(((await res.json()) as { expiresAt: string }).expiresAt);
      expect(next).toBe(Math.min(expiry + 86_400_000, cap));
      expiry = next;
      expect(answers.length).toBeLessThan(30);
    }
    expect(expiry).toBe(cap);
    // 23 whole days from 7 to 30, at most one clamped partial day, then the refusal.
    expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(23);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(24);
  });
});
