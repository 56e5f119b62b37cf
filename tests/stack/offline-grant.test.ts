import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { discover } from '@ferry/dev-identity';
import { freePort, postgresBinDir, startPostgres, waitFor, type RunningServer } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing } from '../../services/link/src/grants/key-ring.ts';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';
import { signInThroughGateway } from '../support/gateway-sign-in.ts';

const run = promisify(execFile);

/**
 * Offline access across the stack at LOG_LEVEL=trace: a sign-in through the gateway leaves the
 * refresh token in the link database as ciphertext only (under the key `npm start` generated),
 * it refreshes at the provider, no log line of any process holds it or an access token, and
 * sign-out deletes it here and revokes it there. Its own stack: it reads the logs and the database.
 */
describe('offline grant across the stack', () => {
  let postgres: RunningServer;
  let stack: RunningStack | undefined;
  let dataDir: string;
  let linkDb: string;
  const email = `grant-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    postgres = await startPostgres();
    linkDb = postgres.url.replace(/\/postgres$/, '/ferry_link_grants');
    const ports = {} as Ports;
    for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-grant-stack-'));
    stack = await startStack({ ports, dataDir, quiet: true, env: { LOG_LEVEL: 'trace', LINK_DATABASE_URL: linkDb } });
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const grants = async (): Promise<Array<{ keyId: string; sealed: Buffer }>> => {
    const { stdout } = await run(join(postgresBinDir(), 'psql'), [
      linkDb,
      '-At',
      '-F',
      ' ',
      '-c',
      "SELECT key_id, encode(sealed, 'hex') FROM offline_grants",
    ]);
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [keyId = '', sealed = ''] = line.split(' ');
        return { keyId, sealed: Buffer.from(sealed, 'hex') };
      });
  };
  const logs = () =>
    readdirSync(join(dataDir, 'logs'))
      .map((f) => readFileSync(join(dataDir, 'logs', f), 'utf8'))
      .join('\n');
  const refresh = async (refreshToken: string) => {
    const { token_endpoint } = await discover(stack!.defaults.IDENTITY_ISSUER!);
    const res = await fetch(token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`ferry-gateway:${stack!.defaults.OIDC_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    return { status: res.status, body: (await res.json()) as { access_token?: string; error?: string } };
  };

  it('stores only ciphertext, under the generated key; no log line holds a token; sign-out deletes and revokes it', async () => {
    const { accessToken } = await signInThroughGateway(stack!.baseUrl, email);
    const me = (await (
      await fetch(`${stack!.baseUrl}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { sub: string };
    await waitFor('the grant in the link database', async () => (await grants()).length === 1, 10_000).catch(
      (err: Error) => {
        const related = logs()
          .split('\n')
          .filter((l) => /grant|sign-in|error/i.test(l))
          .slice(-20);
        throw new Error(`${err.message}\n${related.join('\n')}`);
      },
    );
    const [row] = await grants();
    const ring = KeyRing.parse(readFileSync(join(dataDir, 'token-encryption-keys.txt'), 'utf8').trim());
    expect(row!.keyId).toBe(ring.primaryId);
    const refreshToken = ring.open({ keyId: row!.keyId, sealed: row!.sealed }, me.sub);
    expect(refreshToken.length).toBeGreaterThan(20);
    expect(row!.sealed.includes(Buffer.from(refreshToken))).toBe(false);
    expect(() =>
      KeyRing.parse(KeyRing.generateEntry(ring.primaryId)).open({ keyId: row!.keyId, sealed: row!.sealed }, me.sub),
    ).toThrow();

    // The stored grant is one the provider honours, for Drive.
    const refreshed = await refresh(refreshToken);
    expect(refreshed.status).toBe(200);

    const revoke = await fetch(`${stack!.baseUrl}/api/auth/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(revoke.status).toBe(204);
    expect(await grants()).toEqual([]);
    expect((await refresh(refreshToken)).body.error).toBe('invalid_grant');

    // Every process logs at trace here; the flow did reach the link service.
    const text = logs();
    expect(text).toContain('offline grant stored');
    expect(text).toContain('offline grant deleted');
    for (const secret of [refreshToken, accessToken, refreshed.body.access_token!]) expect(text).not.toContain(secret);
  });
});
