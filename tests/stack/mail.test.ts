import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '@ferry/dev-identity';
import { freePort, waitFor } from '@ferry/testkit';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';

interface InboxMessage {
  id: string;
  to: string[];
  subject: string;
}
interface InboxDetail extends InboxMessage {
  headers: Array<{ key: string; value: string }>;
  replyTo: string[];
  text: string;
  html: string;
}

/**
 * Issue 7 across the real processes of `npm start` (private stack, free ports): the share e-mail
 * through gateway → link (ownership) → notification → SMTP → mail stand-in, the refusals, and the
 * first-download notice from link's outbox to the owner's inbox.
 */
describe('mail across the stack', () => {
  let stack: RunningStack;
  let dataDir: string;
  let inbox: string;
  let alice: string;
  let bob: string;
  let slug: string;

  const messages = async () => ((await (await fetch(`${inbox}/api/messages`)).json()) as { messages: InboxMessage[] }).messages;
  const detail = async (id: string) => (await (await fetch(`${inbox}/api/messages/${id}`)).json()) as InboxDetail;
  const share = (body: unknown, token?: string) =>
    fetch(`${stack.baseUrl}/api/share-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const ports = {} as Ports;
    for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-mail-stack-'));
    stack = await startStack({ ports, dataDir, quiet: true });
    inbox = stack.defaults.MAIL_INBOX_URL!;
    const web = (JSON.parse(stack.defaults.IDENTITY_CLIENTS!) as Array<{ client_id: string; redirect_uris: string[] }>).find((c) => c.client_id === 'ferry-web')!;
    const token = async (email: string) =>
      (await signIn({ issuer: stack.defaults.IDENTITY_ISSUER!, clientId: web.client_id, redirectUri: web.redirect_uris[0]!, email })).access_token;
    alice = await token('alice@example.com');
    bob = await token('bob@example.com');

    // A file in alice's Ferry folder on the Drive stand-in, readable by link, and its short link.
    const drive = `${stack.defaults.DRIVE_ROOT_URL}/drive/v3/files`;
    const create = async (meta: object) => {
      const res = await fetch(drive, { method: 'POST', headers: { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' }, body: JSON.stringify(meta) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const root = await create({ name: '_ferryuploads', mimeType: 'application/vnd.google-apps.folder', appProperties: { ferryRoot: 'true' } });
    const fileId = await create({ name: 'report.pdf', mimeType: 'application/pdf', parents: [root], appProperties: { ferry: '1' } });
    await fetch(`${drive}/${fileId}/permissions`, { method: 'POST', headers: { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ role: 'reader', type: 'anyone' }) });
    const shorten = await fetch(`${stack.baseUrl}/api/shorten`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileId, fileName: 'report.pdf' }),
    });
    expect(shorten.status).toBe(201);
    slug = ((await shorten.json()) as { shortId: string }).shortId;
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses bad input with 4xx and the spec texts, and sends no mail', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `r${i}@example.com`).join(',');
    const cases: Array<[unknown, string | undefined, number, string | RegExp]> = [
      [{ slug, recipients: '' }, alice, 400, 'Please enter at least one email address'],
      [{ slug, recipients: 'a@' }, alice, 400, 'Please enter at least one email address'],
      [{ slug, recipients: many }, alice, 400, /^At most \d+ recipients/],
      [{ slug, recipients: 'carol@example.com', message: 'hi\r\nBcc: x@evil.test' }, alice, 400, /carriage returns/],
      [{ slug, recipients: 'carol@example.com', fileName: 'x\r\nBcc: x@evil.test' }, alice, 400, /one line/],
      [{ recipients: 'carol@example.com' }, alice, 400, 'Unable to determine download URL.'],
      [{ slug, recipients: 'carol@example.com' }, bob, 403, /your own files/],
      [{ slug, recipients: 'carol@example.com' }, undefined, 401, 'Sign-in required'],
    ];
    for (const [body, token, status, error] of cases) {
      const res = await share(body, token);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(error);
    }
    expect(await messages()).toEqual([]);
  });

  it('mails both recipients and the uploader, then the owner once on the first download', async () => {
    const res = await share({ slug, recipients: 'bob@example.com; carol@example.org', message: 'Hi!\nThe report.' }, alice);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: 'Email sent successfully!', recipients: ['bob@example.com', 'carol@example.org'] });

    await waitFor('three share mails', async () => (await messages()).length >= 3, 20_000);
    const mails = await messages();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.org']);
    const toBob = await detail(mails.find((m) => m.to[0] === 'bob@example.com')!.id);
    expect(toBob.subject).toBe('alice@example.com sent you report.pdf');
    expect(toBob.replyTo).toEqual(['alice@example.com']);
    expect(toBob.text).toContain(`Download: ${stack.baseUrl}/r/${slug}`);
    expect(toBob.text).toContain('Hi!\nThe report.');
    expect(toBob.headers.find((h) => h.key === 'x-ferry-kind')?.value).toBe('receiver');
    const copy = await detail(mails.find((m) => m.to[0] === 'alice@example.com')!.id);
    expect(copy.headers.find((h) => h.key === 'x-ferry-kind')?.value).toBe('start');
    expect(copy.text).toContain('Recipients: bob@example.com, carol@example.org');

    const downloads = await Promise.all(Array.from({ length: 20 }, () => fetch(`${stack.baseUrl}/api/d/${slug}`, { redirect: 'manual' })));
    expect(downloads.every((d) => d.status === 302)).toBe(true);
    await waitFor('the first-download notice', async () => (await messages()).some((m) => m.subject.includes('downloaded for the first time')), 30_000);
    const notices = (await messages()).filter((m) => m.subject.includes('downloaded for the first time'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toEqual(['alice@example.com']);
    expect(notices[0]!.subject).toBe('report.pdf was downloaded for the first time');
  });
});
