import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { testCallerKeys } from '@ferry/service-kit/testing';
import { freePort, waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { KeyRing } from '../src/grants/key-ring.js';
import { OfflineGrants } from '../src/grants/offline-grants.js';
import { DriveStandIn } from './drive-standin.js';
import { migratedPostgres } from './harness.js';
import { STUB_CLIENT, startOidcStub, type OidcStub } from './oidc-stub.js';
import { serviceDir } from './generate.global-setup.js';

const mainJs = join(serviceDir, 'dist/main.js');

describe('expiry sweeper across a SIGKILL of the link service', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let db: Database;
  let drive: DriveStandIn;
  let oidc: OidcStub;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build -w @ferry/link first`);
    database = await migratedPostgres();
    db = await openDatabase(database.url);
    drive = new DriveStandIn();
    await drive.start();
    oidc = await startOidcStub();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await oidc?.close();
    await drive?.close();
    await db?.close();
    await database?.drop();
  });

  it('killed between revoke and trash, then restarted: the file ends trashed, each step made once', async () => {
    const owner = 'sub-killed';
    const keyEntry = KeyRing.generateEntry('kill');
    oidc.live.add(`rt-${owner}`);
    await new OfflineGrants(db.prisma, KeyRing.parse(keyEntry)).store(owner, `rt-${owner}`, 'openid drive.file');
    const fileId = await drive.sharedFile(owner, 'k.txt', await drive.ferryFolder(owner));
    const link = await db.prisma.link.create({
      data: {
        slug: 'Kill_sweep1',
        driveFileId: fileId,
        ownerSub: owner,
        ownerEmail: 'k@example.com',
        ownerSubdomain: 'k',
        fileName: 'k.txt',
        sizeBytes: 1n,
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    // The read that follows the revoke hangs, so the kill lands between the two Drive steps.
    await drive.fault({ method: 'GET', path: `^/drive/v3/files/${fileId}$`, latencyMs: 60_000, count: 1 });

    const keys = testCallerKeys();
    const env = {
      ...process.env,
      LINK_PORT: String(await freePort()),
      LINK_DATABASE_URL: database.url,
      DRIVE_ROOT_URL: drive.url,
      NOTIFICATION_ADDR: '127.0.0.1:9',
      BILLING_ADDR: '127.0.0.1:9',
      LOG_LEVEL: 'error',
      LINK_SWEEP_INTERVAL_S: '1',
      CALLER_ASSERTION_PRIVATE_KEY: keys.link.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      GATEWAY_ASSERTION_PUBLIC_KEY: keys.gateway.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      TOKEN_ENCRYPTION_KEYS: keyEntry,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: STUB_CLIENT.clientId,
      OIDC_CLIENT_SECRET: STUB_CLIENT.clientSecret,
    };
    const start = () =>
      spawn(process.execPath, [mainJs], { cwd: serviceDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const row = () => db.prisma.link.findUniqueOrThrow({ where: { id: link.id } });

    child = start();
    await waitFor(
      'the revoke, then the hanging read',
      async () =>
        (await row()).sweepStep === 'revoked' && (await drive.pendingFaults()).every((f) => f.remaining === 0),
      30_000,
    );
    const killed = child;
    killed.kill('SIGKILL');
    await new Promise((r) => killed.once('exit', r));
    expect(await drive.permissionTypes(owner, fileId)).not.toContain('anyone');
    expect((await drive.file(owner, fileId)).trashed).toBe(false);
    expect((await row()).removedAt).toBeNull();

    // The dead process's lease runs out (2 minutes in production; here the clock is not waited for).
    await db.prisma.link.update({ where: { id: link.id }, data: { sweepNextAt: new Date() } });
    child = start();
    await waitFor('the restarted sweeper to finish', async () => (await row()).removedAt !== null, 30_000);
    child.kill('SIGTERM');

    expect((await row()).sweepStep).toBe('trashed');
    expect((await drive.file(owner, fileId)).trashed).toBe(true);
    expect(drive.requestsFor(fileId)).toEqual({ revokes: 1, trashes: 1 });
  }, 90_000);
});
