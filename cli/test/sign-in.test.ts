import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approveDevice, createIdentityProvider, type IdentityProvider, loadClients } from '@ferry/dev-identity';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevicePrompt, Session } from '../src/sign-in';
import { TokenStore } from '../src/token-store';

/** The CLI's session against the real local provider, in process: device sign-in, storage, refresh. */
describe('Session', () => {
  let dir: string;
  let idp: IdentityProvider;
  let issuer: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ferry-send-session-'));
    idp = createIdentityProvider({
      dataDir: join(dir, 'idp'),
      clients: loadClients(
        JSON.stringify([
          {
            client_id: 'ferry-send',
            token_endpoint_auth_method: 'none',
            grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
            response_types: [],
          },
        ]),
      ),
      logger: pino({ level: 'silent' }),
    });
    issuer = await idp.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in once with the device flow, stores the token 0600, and refreshes it when it nears expiry', async () => {
    const store = new TokenStore(join(dir, 'config'));
    const prompts: DevicePrompt[] = [];
    let approval: Promise<void> | undefined;
    const session = new Session({ issuer, clientId: 'ferry-send' }, store, (p) => {
      prompts.push(p);
      approval = approveDevice({ verificationUriComplete: p.verificationUriComplete!, email: 'lin@example.com' });
    });
    await session.ensure();
    await approval;
    expect(prompts).toHaveLength(1);
    expect(prompts[0]!.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(prompts[0]!.verificationUri).toBe(`${issuer}/device`);
    expect(session.user.email).toBe('lin@example.com');
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    const first = await store.load(issuer, 'ferry-send');
    expect(first?.refreshToken).toEqual(expect.any(String));

    // A later run: the stored token, no prompt.
    const again = new Session({ issuer, clientId: 'ferry-send' }, store, (p) => prompts.push(p));
    await again.ensure();
    expect(again.accessToken).toBe(first!.accessToken);

    // Near expiry: refreshed with the refresh token, still no prompt.
    await store.save({ ...first!, expiresAt: Date.now() + 10_000 });
    const later = new Session({ issuer, clientId: 'ferry-send' }, store, (p) => prompts.push(p));
    await later.ensure();
    expect(later.accessToken).not.toBe(first!.accessToken);
    expect(prompts).toHaveLength(1);
    expect((await store.load(issuer, 'ferry-send'))?.accessToken).toBe(later.accessToken);
  }, 60_000);
});
