import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@ferry/testkit';
import { mailInbox, type InboxMessage } from '../support/inbox.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/**
 * Password-protected links, download limits and the mails' signed "+1 day", through the gateway
 * against the real link and notification services.
 */
describe('link access across the stack', () => {
  let stack: SuiteStack | undefined;
  let baseUrl: string;
  let token: string;
  const email = `access-${Date.now().toString(36)}@example.com`;
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
  let root: string | undefined;

  /** A file in the owner's Ferry folder, shared with anyone, and its link. */
  async function newLink(name: string, expiresAt?: Date): Promise<{ slug: string; fileId: string }> {
    const files = `${stack!.driveRootUrl}/drive/v3/files`;
    const create = async (meta: object) =>
      (
        (await (await fetch(files, { method: 'POST', headers: headers(), body: JSON.stringify(meta) })).json()) as {
          id: string;
        }
      ).id;
    root ??= await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({ name, mimeType: 'application/zip', parents: [root], appProperties: { ferry: '1' } });
    await fetch(`${files}/${fileId}/permissions`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const res = await fetch(`${baseUrl}/api/shorten`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ fileId, expiresAt: expiresAt?.toISOString(), uploaderLocale: 'de' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return { slug: ((await res.json()) as { slug: string }).slug, fileId };
  }
  const setAccess = (slug: string, body: object) =>
    fetch(`${baseUrl}/api/links/${slug}/access`, { method: 'PUT', headers: headers(), body: JSON.stringify(body) });
  const unlock = (slug: string, password: string) =>
    fetch(`${baseUrl}/api/links/${slug}/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    });
  const download = (url: string) => fetch(url, { redirect: 'manual' });

  beforeAll(async () => {
    stack = await stackForSuite();
    baseUrl = stack.baseUrl;
    token = await signInAsWebApp(stack, email);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('a protected link gives out no drive URL before the right password, then one single-use redirect', async () => {
    const { slug, fileId } = await newLink('secret.zip');
    const set = await setAccess(slug, { password: 'open sesame' });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await set.json()).toMatchObject({ slug, passwordProtected: true, downloadLimit: null });

    // Nothing before the password names the drive file: the info, the redirects, the page and its preview.
    const before = [
      await fetch(`${baseUrl}/api/s?slug=${slug}&meta=1`),
      await download(`${baseUrl}/api/d/${slug}`),
      await download(`${baseUrl}/api/download?id=${slug}`),
      await fetch(`${baseUrl}/r/${slug}`, { headers: { Accept: 'text/html' } }),
    ];
    expect(before.map((r) => r.status)).toEqual([200, 401, 401, 200]);
    for (const res of before) {
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).not.toContain(fileId);
    }
    const meta = (await (await fetch(`${baseUrl}/api/s?slug=${slug}&meta=1`)).json()) as Record<string, unknown>;
    expect(meta.passwordRequired).toBe(true);
    expect(meta.directUrl).toBeUndefined();

    const wrong = await unlock(slug, 'open sesam');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'wrong_password' });

    const right = await unlock(slug, 'open sesame');
    expect(right.status).toBe(200);
    const { downloadUrl } = (await right.json()) as { downloadUrl: string };
    expect(downloadUrl).not.toContain(fileId);
    const first = await download(downloadUrl);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toContain(fileId);
    // The token worked once.
    expect((await download(downloadUrl)).status).toBe(401);

    // Removed: the link redirects as any other again.
    expect((await setAccess(slug, { password: null })).status).toBe(200);
    expect((await download(`${baseUrl}/api/d/${slug}`)).status).toBe(302);
  });

  it('a link limited to 3 downloads answers exactly three 302s to 50 concurrent requests, then 410', async () => {
    const { slug } = await newLink('limited.zip');
    expect((await setAccess(slug, { downloadLimit: 3 })).status).toBe(200);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => download(`${baseUrl}/api/d/${slug}`)));
    const elapsed = performance.now() - started;
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(3);
    expect(statuses.filter((s) => s === 410)).toHaveLength(47);
    const after = await download(`${baseUrl}/api/d/${slug}`);
    expect(after.status).toBe(410);
    expect(await after.json()).toMatchObject({ code: 'gone', reason: 'limit' });
    // HEAD answers as GET does, without counting.
    expect((await fetch(`${baseUrl}/api/d/${slug}`, { method: 'HEAD', redirect: 'manual' })).status).toBe(410);
    const listed = (await (await fetch(`${baseUrl}/api/links`, { headers: headers() })).json()) as {
      links: Array<{ slug: string; downloads: number; downloadLimit: number | null }>;
    };
    expect(listed.links.find((l) => l.slug === slug)).toMatchObject({ downloads: 3, downloadLimit: 3 });
    console.info(`50 concurrent downloads of a link limited to 3: ${elapsed.toFixed(0)} ms`);
  });

  it('asking for more time mails the owner a "+1 day" that extends once; replayed or altered it is refused', async () => {
    const inbox = mailInbox(stack!.mailInboxUrl);
    const expiresAt = new Date(Date.now() + 2 * 3_600_000);
    const { slug } = await newLink('bald-weg.zip', expiresAt);
    const early = await newLink('noch-lange.zip');
    const tooEarly = await fetch(`${baseUrl}/api/links/${early.slug}/more-time`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(tooEarly.status).toBe(409);

    const asked = await fetch(`${baseUrl}/api/links/${slug}/more-time`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Vera', message: 'Bin erst morgen zurück.' }),
    });
    expect(asked.status, await asked.clone().text()).toBe(202);
    let mail: InboxMessage | undefined;
    await waitFor('the owner’s mail', async () => {
      mail = (await inbox.mailsTo(email)).find((m) => m.subject.includes('bald-weg.zip'));
      return mail !== undefined;
    });
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('Mehr Zeit für bald-weg.zip?');
    const text = await inbox.textOf(mail.id);
    const action = /(http\S+\/api\/actions\/extend\?token=\S+)/.exec(text)![1]!;

    const [payload, signature] = new URL(action).searchParams.get('token')!.split('.') as [string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { l: string };
    forged.l = early.slug;
    const tampered = await fetch(
      `${baseUrl}/api/actions/extend?token=${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`,
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('data-outcome="refused"');

    const first = await fetch(action);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/html');
    expect(await first.text()).toContain('data-outcome="extended"');
    const resolved = (await (await fetch(`${baseUrl}/api/resolve?id=${slug}`)).json()) as { expiresAt: string };
    expect(Date.parse(resolved.expiresAt)).toBe(expiresAt.getTime() + 86_400_000);

    const again = await fetch(action);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('data-outcome="alreadyUsed"');
    const still = (await (await fetch(`${baseUrl}/api/resolve?id=${slug}`)).json()) as { expiresAt: string };
    expect(still.expiresAt).toBe(resolved.expiresAt);
  });

  it("a share mail goes out in the recipients' language with ?lng=, the sender's copy with its +1 day", async () => {
    const inbox = mailInbox(stack!.mailInboxUrl);
    const { slug } = await newLink('für-dich.zip');
    const recipient = `recipient-${Date.now().toString(36)}@example.com`;
    const res = await fetch(`${baseUrl}/api/share-email`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ slug, recipients: [recipient], message: '', locale: 'en', recipientLocale: 'ja' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { downloadUrl: string }).downloadUrl).toMatch(/\?lng=ja$/);
    let received: InboxMessage | undefined;
    let copy: InboxMessage | undefined;
    await waitFor('both mails', async () => {
      received = (await inbox.mailsTo(recipient))[0];
      copy = (await inbox.mailsTo(email)).find((m) => m.subject.includes('für-dich.zip'));
      return received !== undefined && copy !== undefined;
    });
    const toRecipient = await inbox.detail(received!.id);
    expect(toRecipient.html).toContain('lang="ja"');
    expect(toRecipient.text).toContain(`/${slug}?lng=ja`);
    const own = await inbox.detail(copy!.id);
    expect(own.html).toContain('lang="en"');
    const action = /(http\S+\/api\/actions\/extend\?token=\S+)/.exec(own.text)?.[1];
    expect(action).toBeDefined();
    const before = (await (await fetch(`${baseUrl}/api/resolve?id=${slug}`)).json()) as { expiresAt: string };
    const extended = await fetch(action!);
    expect(extended.status).toBe(200);
    const after = (await (await fetch(`${baseUrl}/api/resolve?id=${slug}`)).json()) as { expiresAt: string };
    expect(Date.parse(after.expiresAt) - Date.parse(before.expiresAt)).toBe(86_400_000);
  });

  it('the first-download notice carries the owner’s signed "+1 day"', async () => {
    const inbox = mailInbox(stack!.mailInboxUrl);
    const { slug } = await newLink('erster.zip');
    expect((await download(`${baseUrl}/api/d/${slug}`)).status).toBe(302);
    let notice: InboxMessage | undefined;
    await waitFor('the first-download notice', async () => {
      notice = (await inbox.mailsTo(email)).find((m) => m.subject.includes('erster.zip'));
      return notice !== undefined;
    });
    const text = await inbox.textOf(notice!.id);
    const action = /(http\S+\/api\/actions\/extend\?token=\S+)/.exec(text)?.[1];
    expect(action).toBeDefined();
    const before = (await (await fetch(`${baseUrl}/api/resolve?id=${slug}`)).json()) as { expiresAt: string };
    expect((await fetch(action!)).status).toBe(200);
    const after = (await (await fetch(`${baseUrl}/api/resolve?id=${slug}`)).json()) as { expiresAt: string };
    expect(Date.parse(after.expiresAt) - Date.parse(before.expiresAt)).toBe(86_400_000);
  });

  it('rate-limits password guesses per client and link (429 with Retry-After)', async () => {
    const { slug } = await newLink('guarded.zip');
    expect((await setAccess(slug, { password: 'correct horse' })).status).toBe(200);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await unlock(slug, `guess ${i}`);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    // The budget is 10 tries per client and link per 10 minutes.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits now.
    expect((await unlock(slug, 'correct horse')).status).toBe(429);
    // Another link's password is its own: the same client may still try it.
    const other = await newLink('other.zip');
    expect((await setAccess(other.slug, { password: 'battery staple' })).status).toBe(200);
    expect((await unlock(other.slug, 'wrong')).status).toBe(401);
  });
});
