import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';
import { waitFor } from '@ferry/testkit';
import { mailInbox } from '../support/inbox.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

/**
 * Mail across the real processes of `npm start`: the share e-mail through gateway → link
 * (ownership) → notification → SMTP → mail stand-in, the refusals, and the first-download notice
 * from link's outbox to the owner's inbox. Uses the runner's stack (FERRY_BASE_URL,
 * FERRY_MAIL_INBOX_URL, …) when given, else starts a private one on free ports. Every run uses its
 * own addresses, so a shared inbox does not matter.
 */
describe('mail across the stack', () => {
  let stack: SuiteStack | undefined;
  let baseUrl: string;
  let inbox: string;
  let alice: string;
  let bob: string;
  let slug: string;
  /** The link handed out: on alice's own subdomain when the stack's origin can have subdomains. */
  let shortUrl: string;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const aliceEmail = `alice-${run}@example.com`;
  const to = (name: string) => `${name}-${run}@example.com`;

  const messages = (address: string) => mailInbox(inbox).mailsTo(address);
  const detail = (id: string) => mailInbox(inbox).detail(id);
  const share = (body: unknown, token?: string) =>
    fetch(`${baseUrl}/api/share-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    stack = await stackForSuite();
    baseUrl = stack.baseUrl;
    inbox = stack.mailInboxUrl;
    const driveRoot = stack.driveRootUrl;
    const token = (email: string) => signInAsWebApp(stack!, email);
    alice = await token(aliceEmail);
    bob = await token(to('bob'));

    // A file in alice's Ferry folder on the Drive stand-in, readable by link, and its short link.
    const drive = `${driveRoot}/drive/v3/files`;
    const create = async (meta: object) => {
      const res = await fetch(drive, {
        method: 'POST',
        headers: { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(meta),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
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
    await fetch(`${drive}/${fileId}/permissions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const shorten = await fetch(`${baseUrl}/api/shorten`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileId, fileName: 'report.pdf' }),
    });
    expect(shorten.status).toBe(201);
    ({ shortId: slug, shortUrl } = (await shorten.json()) as { shortId: string; shortUrl: string });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('refuses bad input with 4xx and the spec texts, and sends no mail', async () => {
    const many = Array.from({ length: 200 }, (_, i) => to(`r${i}`)).join(',');
    const carol = to('carol');
    const cases: Array<[unknown, string | undefined, number, string | RegExp]> = [
      [{ slug, recipients: '' }, alice, 400, 'Please enter at least one email address'],
      [{ slug, recipients: 'a@' }, alice, 400, 'Please enter at least one email address'],
      [{ slug, recipients: many }, alice, 400, /^At most \d+ recipients/],
      [{ slug, recipients: carol, message: 'hi\r\nBcc: x@evil.test' }, alice, 400, /carriage returns/],
      [{ slug, recipients: carol, fileName: 'x\r\nBcc: x@evil.test' }, alice, 400, /one line/],
      [{ recipients: carol }, alice, 400, 'Unable to determine download URL.'],
      [{ slug, recipients: carol }, bob, 403, /your own files/],
      [{ slug, recipients: carol }, undefined, 401, 'Sign-in required'],
    ];
    for (const [body, token, status, error] of cases) {
      const res = await share(body, token);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(error);
    }
    for (const address of [carol, to('r0'), aliceEmail]) expect(await messages(address)).toEqual([]);
  });

  it('mails both recipients and the uploader, then the owner once on the first download', async () => {
    const [bobEmail, carol] = [to('bob'), to('carol')];
    const res = await share({ slug, recipients: `${bobEmail}; ${carol}`, message: 'Hi!\nThe report.' }, alice);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      message: 'Email sent successfully!',
      recipients: [bobEmail, carol],
    });

    await waitFor(
      'the share mails',
      async () =>
        (await messages(bobEmail)).length === 1 &&
        (await messages(carol)).length === 1 &&
        (await messages(aliceEmail)).length === 1,
      30_000,
    );
    const toBob = await detail((await messages(bobEmail))[0]!.id);
    expect(toBob.subject).toBe(`${aliceEmail} sent you report.pdf`);
    expect(toBob.replyTo).toEqual([aliceEmail]);
    expect(toBob.text).toContain(`Download: ${shortUrl}`);
    expect(toBob.text).toContain('Hi!\nThe report.');
    expect(toBob.headers.find((h) => h.key === 'x-ferry-kind')?.value).toBe('receiver');
    const copy = await detail((await messages(aliceEmail))[0]!.id);
    expect(copy.headers.find((h) => h.key === 'x-ferry-kind')?.value).toBe('start');
    expect(copy.text).toContain(`Recipients: ${bobEmail}, ${carol}`);

    const downloads = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' })),
    );
    expect(downloads.every((d) => d.status === 302)).toBe(true);
    const notices = async () =>
      (await messages(aliceEmail)).filter((m) => m.subject === 'report.pdf was downloaded for the first time');
    await waitFor('the first-download notice', async () => (await notices()).length > 0, 45_000);
    expect(await notices()).toHaveLength(1);
  });
});
