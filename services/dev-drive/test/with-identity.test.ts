import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIdentityProvider, discover, loadClients, signIn, type IdentityProvider } from '@ferry/dev-identity';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDriveServer, type DriveServer } from '../src/index.js';
import { googleDrive, type Harness } from './support/harness.js';

// The real pair: tokens from @ferry/dev-identity, checked by the Drive stand-in through introspection.
let idp: IdentityProvider;
let drive: DriveServer;
let driveUrl: string;
let issuer: string;
const dirs: string[] = [];

beforeAll(async () => {
  const tmp = (p: string) => {
    const d = mkdtempSync(join(tmpdir(), p));
    dirs.push(d);
    return d;
  };
  idp = createIdentityProvider({
    dataDir: tmp('idp-'),
    clients: loadClients(
      JSON.stringify([
        {
          client_id: 'ferry-web',
          token_endpoint_auth_method: 'none',
          redirect_uris: ['http://localhost:3000/auth/callback'],
        },
        { client_id: 'ferry-drive', client_secret: 'drive-secret', redirect_uris: [] },
      ]),
    ),
    logger: pino({ level: 'silent' }),
  });
  issuer = await idp.listen(0, '127.0.0.1');
  const d = await discover(issuer);
  drive = createDriveServer({
    dataDir: tmp('drive-'),
    auth: { url: d.introspection_endpoint, clientId: 'ferry-drive', clientSecret: 'drive-secret', cacheSeconds: 30 },
    quotaBytes: 15 * 1024 ** 3,
    scanThresholdBytes: 100 * 1024 * 1024,
    adminEnabled: false,
    logger: pino({ level: 'silent' }),
  });
  driveUrl = await drive.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await drive?.close();
  await idp?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

it('a token from the identity provider works with the Google client against the Drive stand-in; a revoked one does not', async () => {
  const tokens = await signIn({
    issuer,
    clientId: 'ferry-web',
    redirectUri: 'http://localhost:3000/auth/callback',
    email: 'zoe@example.com',
  });
  const d = googleDrive({ url: driveUrl } as Harness, tokens.access_token);
  const about = await d.about.get({ fields: 'storageQuota(limit,usage),user(emailAddress,displayName)' });
  expect(about.data).toEqual({
    storageQuota: { limit: String(15 * 1024 ** 3), usage: '0' },
    user: { emailAddress: 'zoe@example.com', displayName: 'Zoe User' },
  });

  const openidOnly = await signIn({
    issuer,
    clientId: 'ferry-web',
    redirectUri: 'http://localhost:3000/auth/callback',
    email: 'zoe@example.com',
    scope: 'openid email',
  });
  const denied = await fetch(`${driveUrl}/drive/v3/files`, {
    headers: { authorization: `Bearer ${openidOnly.access_token}` },
  });
  expect(denied.status).toBe(403);

  const revoke = await fetch((await discover(issuer)).revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: tokens.access_token, client_id: 'ferry-web' }),
  });
  expect(revoke.status).toBe(200);
  // A fresh token (not in the Drive server's introspection cache) that was revoked is refused.
  const second = await signIn({
    issuer,
    clientId: 'ferry-web',
    redirectUri: 'http://localhost:3000/auth/callback',
    email: 'yan@example.com',
  });
  await fetch((await discover(issuer)).revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: second.access_token, client_id: 'ferry-web' }),
  });
  const refused = await fetch(`${driveUrl}/drive/v3/files`, {
    headers: { authorization: `Bearer ${second.access_token}` },
  });
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
    'authError',
  );
});
