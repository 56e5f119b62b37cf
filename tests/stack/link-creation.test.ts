import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@ferry/testkit';
import { ProductApi } from '../../mfe-upload/src/api/product-api.ts';
import { type InboxMessage, mailInbox } from '../support/inbox.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/**
 * Link creation across the real processes: the upload screen's own ProductApi (with its retries)
 * against gateway → link → Drive stand-in, while the stand-in's fault injection fails the file
 * check with 500s, 429s and rate-limit 403s; and drive names with NUL, CR/LF, a right-to-left
 * override and 300 characters get links and can be mailed.
 */
describe('link creation across the stack', () => {
  let stack: SuiteStack | undefined;
  let baseUrl: string;
  let driveRoot: string;
  let inbox: string;
  let alice: string;
  let root: string;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const aliceEmail = `alice-${run}@example.com`;

  const authed = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
  const createFile = async (meta: object) => {
    const res = await fetch(`${driveRoot}/drive/v3/files`, {
      method: 'POST',
      headers: authed(alice),
      body: JSON.stringify(meta),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  /** A file in alice's Ferry folder, readable by anyone with the link (what the upload screen leaves). */
  const sharedFile = async (name: string) => {
    const id = await createFile({ name, mimeType: 'application/pdf', parents: [root], appProperties: { ferry: '1' } });
    const res = await fetch(`${driveRoot}/drive/v3/files/${id}/permissions`, {
      method: 'POST',
      headers: authed(alice),
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    expect(res.status).toBe(200);
    return id;
  };
  const faults = (body: unknown) =>
    fetch(`${driveRoot}/__admin/faults`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const shorten = (fileId: string) =>
    fetch(`${baseUrl}/api/shorten`, { method: 'POST', headers: authed(alice), body: JSON.stringify({ fileId }) });
  const shareInfo = async (slug: string) =>
    (await (await fetch(`${baseUrl}/api/s?slug=${slug}&meta=1`)).json()) as { fileName: string };

  beforeAll(async () => {
    stack = await stackForSuite();
    baseUrl = stack.baseUrl;
    driveRoot = stack.driveRootUrl;
    inbox = stack.mailInboxUrl;
    alice = await signInAsWebApp(stack, aliceEmail);
    root = await createFile({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
  }, 240_000);

  afterAll(async () => {
    await fetch(`${driveRoot}/__admin/faults`, { method: 'DELETE' }).catch(() => undefined);
    await stack?.stop();
  }, 60_000);

  it('the upload screen still gets a Ferry short link when the file check meets 500s, 429s and rate-limit 403s', async () => {
    const fileId = await sharedFile(`retry-${run}.pdf`);
    // Three of each: the link service's own retries (3 tries a request) use them up, so the
    // gateway answers 502, then 429, then 429, and the upload screen's retries carry it through.
    const path = `^/drive/v3/files/${fileId}$`;
    for (const [status, reason] of [
      [500, 'backendError'],
      [429, 'rateLimitExceeded'],
      [403, 'userRateLimitExceeded'],
    ] as const) {
      expect((await faults({ method: 'GET', path, count: 3, status, reason })).status).toBeLessThan(300);
    }
    const gatewayAnswers: number[] = [];
    const api = new ProductApi(
      () => alice,
      async (input, init) => {
        const res = await fetch(`${baseUrl}${String(input)}`, init);
        gatewayAnswers.push(res.status);
        return res;
      },
    );
    const started = Date.now();
    const link = await api.shorten({ fileId, fileName: 'ignored.pdf' });
    const tookMs = Date.now() - started;

    expect(gatewayAnswers).toEqual([502, 429, 429, 201]);
    // Ferry's own origin or a sender subdomain of it, never the drive's raw link.
    const short = new URL(link.shortUrl);
    const ferry = new URL(baseUrl);
    expect(short.port).toBe(ferry.port);
    expect(short.hostname === ferry.hostname || short.hostname.endsWith(`.${ferry.hostname}`)).toBe(true);
    expect(short.pathname.endsWith(link.shortId)).toBe(true);
    expect(link.shortUrl).not.toContain(driveRoot);
    expect(link.shortId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect((await shareInfo(link.shortId)).fileName).toBe(`retry-${run}.pdf`);
    expect(await (await faults(undefined)).json()).toEqual({ faults: [] });
    // 0.5 + 1 + 2 s of backoff (± 25 %) plus the link service's short retries: bounded.
    expect(tookMs).toBeLessThan(10_000);
    console.log(`link after 3 transient answers in ${tookMs} ms`);
  }, 60_000);

  it('a drive rate-limit 403 on its own is a 429 to the caller, not "file not found"', async () => {
    const fileId = await sharedFile(`limited-${run}.pdf`);
    await faults({
      method: 'GET',
      path: `^/drive/v3/files/${fileId}$`,
      count: 3,
      status: 403,
      reason: 'rateLimitExceeded',
    });
    const res = await shorten(fileId);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).not.toBe('not_found');
    expect((await shorten(fileId)).status).toBe(201);
  });

  it('a drive file named with a NUL gets a link (201, name cleaned), never a 502', async () => {
    const fileId = await sharedFile(`nul\u0000name-${run}.pdf`);
    const res = await shorten(fileId);
    expect(res.status).toBe(201);
    const { shortId } = (await res.json()) as { shortId: string };
    expect((await shareInfo(shortId)).fileName).toBe(`nul name-${run}.pdf`);
  });

  it('a 300-character name with CR/LF and a right-to-left override is linked and mailed with a clean subject', async () => {
    const name = `invoice\u202Efdp.exe\r\nline two ${run} ${'x'.repeat(280)}.pdf`;
    const res = await shorten(await sharedFile(name));
    expect(res.status).toBe(201);
    const { shortId } = (await res.json()) as { shortId: string };

    const bob = `bob-${run}@example.com`;
    const share = await fetch(`${baseUrl}/api/share-email`, {
      method: 'POST',
      headers: authed(alice),
      body: JSON.stringify({ slug: shortId, recipients: [bob], message: '' }),
    });
    expect(share.status, await share.clone().text()).toBe(200);

    let messages: InboxMessage[] = [];
    await waitFor(
      `the share mail to ${bob}`,
      async () => {
        messages = await mailInbox(inbox).mailsTo(bob);
        return messages.length > 0;
      },
      30_000,
    );
    const subject = messages[0]!.subject;
    expect(subject).toMatch(
      new RegExp(`^${aliceEmail.replace(/[.]/g, '\\.')} sent you invoicefdp\\.exe line two ${run} x+….pdf$`),
    );
    expect(subject).not.toMatch(/[\r\n\u202E]/);
    expect(subject.length).toBeLessThanOrEqual(200);
  }, 60_000);
});
