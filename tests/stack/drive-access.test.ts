import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { signInThroughGateway } from '../support/gateway-sign-in.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/** Issue 26 item 8: within this long after a link is used up or disabled, the drive refuses its file. */
const PROMISE_MS = 60_000;
/** The single-machine administrator (ADMIN_EMAILS' default in scripts/lib/stack.ts). */
const ADMIN = 'admin@ferry.localhost';

/**
 * Used up or disabled, the drive stops serving the file too, as at expiry: the drive URL a recipient
 * got from a 302 is refused by the Drive stand-in within 60 s, server-side, with the owner away (the
 * sweeper uses the owner's stored offline grant, so the owner signs in through the gateway). An
 * administrator's restore gives the file its `anyone` permission back while the link is live.
 */
describe('the drive URL after a link is used up or disabled', () => {
  let stack: SuiteStack | undefined;
  let baseUrl: string;
  let ownerToken: string;
  let adminToken: string;
  const owner = () => ({ authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' });

  /** A file in the owner's Ferry folder, shared with anyone (what the upload screen leaves), and its link. */
  async function newLink(name: string): Promise<string> {
    const ep = { baseUrl, issuer: stack!.identityIssuer, driveRootUrl: stack!.driveRootUrl };
    const fileId = await uploadSharedFile(ep, ownerToken, name, Buffer.from('x'));
    return (await shorten(ep, ownerToken, fileId)).shortId;
  }

  /** The recipient's download: the drive URL of the 302. */
  async function driveUrlOf(slug: string): Promise<string> {
    const res = await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  }
  /** What anyone holding that URL gets from the drive. */
  const anonymous = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' });
    await res.body?.cancel();
    return res.status;
  };
  const refused = async (url: string) => [403, 404].includes(await anonymous(url));
  const admin = (slug: string, action: 'disable' | 'restore') =>
    fetch(`${baseUrl}/api/admin/links/${slug}/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ reason: `stack test: ${action}` }),
    });

  beforeAll(async () => {
    stack = await stackForSuite();
    baseUrl = stack.baseUrl;
    ({ accessToken: ownerToken } = await signInThroughGateway(
      baseUrl,
      `drive-access-${Date.now().toString(36)}@example.com`,
    ));
    adminToken = await signInAsWebApp(stack, ADMIN);
    // A private stack migrates four databases first: minutes on a busy machine.
  }, 480_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('a link limited to one download: its drive URL is refused by the drive within 60 s of that download', async () => {
    const slug = await newLink('once.txt');
    const limited = await fetch(`${baseUrl}/api/links/${slug}/access`, {
      method: 'PUT',
      headers: owner(),
      body: JSON.stringify({ downloadLimit: 1 }),
    });
    expect(limited.status, await limited.clone().text()).toBe(200);

    const driveUrl = await driveUrlOf(slug);
    const usedUpAt = Date.now();
    expect(await anonymous(driveUrl)).toBe(200);
    const again = await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: 'gone', reason: 'limit' });

    await waitFor('the drive to refuse the used-up link’s URL', () => refused(driveUrl), PROMISE_MS);
    const refusedAfterS = (Date.now() - usedUpAt) / 1000;
    expect(refusedAfterS).toBeLessThan(PROMISE_MS / 1000);
    // Used up stays used up.
    expect((await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' })).status).toBe(410);
    console.info(
      `[drive-access] used-up link's drive URL refused ${refusedAfterS.toFixed(1)} s after its last download`,
    );
  }, 120_000);

  it('disabled by an administrator: refused within 60 s; restored while live: served again', async () => {
    const slug = await newLink('reported.txt');
    const driveUrl = await driveUrlOf(slug);
    expect(await anonymous(driveUrl)).toBe(200);

    const disabled = await admin(slug, 'disable');
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    const disabledAt = Date.now();
    expect((await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' })).status).toBe(410);
    await waitFor('the drive to refuse the disabled link’s URL', () => refused(driveUrl), PROMISE_MS);
    const refusedAfterS = (Date.now() - disabledAt) / 1000;

    const restored = await admin(slug, 'restore');
    expect(restored.status, await restored.clone().text()).toBe(200);
    const restoredAt = Date.now();
    await waitFor(
      'the drive to serve the restored link’s file',
      async () => (await anonymous(driveUrl)) === 200,
      PROMISE_MS,
    );
    const servedAfterS = (Date.now() - restoredAt) / 1000;
    expect(await driveUrlOf(slug)).toBe(driveUrl);
    console.info(
      `[drive-access] disabled: refused after ${refusedAfterS.toFixed(1)} s; restored: served after ${servedAfterS.toFixed(1)} s`,
    );
  }, 180_000);
});
