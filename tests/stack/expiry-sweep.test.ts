import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';
import { signInThroughGateway } from '../support/gateway-sign-in.ts';

/**
 * Expiry that holds while the owner is away, across the stack (`npm start` mode, LINK_LIFETIME_S=60):
 * a file shared through the product, the owner never comes back; within 60 s after the link's expiry
 * the drive URL of the last redirect is refused to an anonymous visitor, the file is in the owner's
 * trash without its public permission, and the link answers 410. Its own stack (the lifetime is
 * configuration); about 90 s, most of it the link's minute.
 */
describe('expiry sweep across the stack', () => {
  let stack: RunningStack | undefined;
  let dataDir: string;

  beforeAll(async () => {
    const ports = {} as Ports;
    for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-sweep-stack-'));
    stack = await startStack({
      ports,
      dataDir,
      quiet: true,
      env: { LINK_LIFETIME_S: '60', LINK_SWEEP_INTERVAL_S: '10' },
    });
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('within 60 s after expiry: drive URL refused, file trashed without its permission, link 410', async () => {
    const baseUrl = stack!.baseUrl;
    const drive = stack!.defaults.DRIVE_ROOT_URL!;
    const { accessToken } = await signInThroughGateway(baseUrl, `sweep-${Date.now().toString(36)}@example.com`);
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const files = `${drive}/drive/v3/files`;
    const create = async (meta: object) =>
      ((await (await fetch(files, { method: 'POST', headers, body: JSON.stringify(meta) })).json()) as { id: string })
        .id;
    // What the upload screen leaves: a file in the Ferry folder, readable by anyone with the link.
    const root = await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({
      name: 'away.txt',
      mimeType: 'text/plain',
      parents: [root],
      appProperties: { ferry: '1' },
    });
    await fetch(`${files}/${fileId}/permissions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const shortened = await fetch(`${baseUrl}/api/shorten`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ fileId }),
    });
    expect(shortened.status, await shortened.clone().text()).toBe(201);
    const { slug, expiresAt } = (await shortened.json()) as { slug: string; expiresAt: string };
    const expiry = Date.parse(expiresAt);
    expect(expiry - Date.now()).toBeLessThanOrEqual(60_000);

    const redirect = await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' });
    expect([301, 302, 303, 307]).toContain(redirect.status);
    const driveUrl = redirect.headers.get('location')!;
    const anonymous = async () => {
      const res = await fetch(driveUrl, { redirect: 'manual' });
      await res.body?.cancel();
      return res.status;
    };
    expect(await anonymous()).toBe(200);

    await waitFor('the expiry', async () => Date.now() >= expiry, 70_000);
    await waitFor('the drive URL to be refused', async () => [403, 404].includes(await anonymous()), 65_000);
    const refusedAfterS = (Date.now() - expiry) / 1000;
    await waitFor(
      'the trash',
      async () =>
        ((await (await fetch(`${files}/${fileId}?fields=trashed`, { headers })).json()) as { trashed: boolean })
          .trashed,
      10_000,
    );
    const trashedAfterS = (Date.now() - expiry) / 1000;
    const perms = (await (
      await fetch(`${files}/${fileId}/permissions?fields=permissions(type)`, { headers })
    ).json()) as { permissions: Array<{ type: string }> };
    expect(perms.permissions.map((p) => p.type)).not.toContain('anyone');
    expect((await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' })).status).toBe(410);
    expect(trashedAfterS).toBeLessThan(60);
    console.log(
      `[sweep] drive URL refused ${refusedAfterS.toFixed(1)} s after expiry, trashed by ${trashedAfterS.toFixed(1)} s`,
    );
  }, 180_000);
});
