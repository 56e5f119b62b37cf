import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as grpc from '@grpc/grpc-js';
import { BillingServiceService } from '@ferry/contracts/billing/v1';
import { AccountDeletionStep, LinkServiceClient, LinkServiceService, LinkStatus } from '@ferry/contracts/link/v1';
import { MessageStatus, NotificationServiceService } from '@ferry/contracts/notification/v1';
import { createGrpcClient, LINK_SERVICE } from '@ferry/service-kit';
import { callUnary, keyPem, startTestGrpcServer, testCallerKeys, testCallerOptions } from '@ferry/service-kit/testing';
import { freePort, waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { KeyRing } from '../src/grants/key-ring.js';
import { OfflineGrants } from '../src/grants/offline-grants.js';
import { linkPolicies } from '../src/policies.js';
import { DriveStandIn } from './drive-standin.js';
import { serviceDir } from './generate.global-setup.js';
import { migratedPostgres } from './harness.js';
import { STUB_CLIENT, startOidcStub, type OidcStub } from './oidc-stub.js';

const mainJs = join(serviceDir, 'dist/main.js');
const owner = { sub: 'sub-leaving', email: 'leaving@example.com' };

/** What the billing and notification stand-ins were asked, verified as coming from the link service. */
interface Asked {
  eraseAccount: string[];
  eraseAccountMail: string[];
  sendAccountDeleted: string[];
}

/** Every method of a stand-in takes the link service's own assertion only (those not implemented answer UNIMPLEMENTED). */
const fromLink = (definition: grpc.ServiceDefinition) =>
  Object.fromEntries(Object.keys(definition).map((method) => [method, LINK_SERVICE]));

async function otherServices(
  asked: Asked,
): Promise<{ billing: grpc.Server; notification: grpc.Server; ports: number[] }> {
  const billing = await startTestGrpcServer(
    BillingServiceService,
    {
      eraseAccount: (call: grpc.ServerUnaryCall<{ sub: string }, unknown>, cb: grpc.sendUnaryData<unknown>) => {
        asked.eraseAccount.push(call.request.sub);
        cb(null, { stripeCancelled: asked.eraseAccount.length === 1, deleted: asked.eraseAccount.length === 1 });
      },
    },
    fromLink(BillingServiceService),
  );
  const notification = await startTestGrpcServer(
    NotificationServiceService,
    {
      eraseAccountMail: (call: grpc.ServerUnaryCall<{ sub: string }, unknown>, cb: grpc.sendUnaryData<unknown>) => {
        asked.eraseAccountMail.push(call.request.sub);
        cb(null, { outboxRows: 0, shareRequests: 0 });
      },
      sendAccountDeleted: (
        call: grpc.ServerUnaryCall<{ idempotencyKey: string }, unknown>,
        cb: grpc.sendUnaryData<unknown>,
      ) => {
        asked.sendAccountDeleted.push(call.request.idempotencyKey);
        cb(null, { accepted: true, status: MessageStatus.MESSAGE_STATUS_QUEUED });
      },
    },
    fromLink(NotificationServiceService),
  );
  return { billing: billing.server, notification: notification.server, ports: [billing.port, notification.port] };
}

describe('account deletion across a SIGKILL of the link service', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let db: Database;
  let drive: DriveStandIn;
  let oidc: OidcStub;
  let others: Awaited<ReturnType<typeof otherServices>>;
  let child: ChildProcess | undefined;
  let client: LinkServiceClient | undefined;
  const asked: Asked = { eraseAccount: [], eraseAccountMail: [], sendAccountDeleted: [] };

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build -w @ferry/link first`);
    database = await migratedPostgres();
    db = await openDatabase(database.url);
    drive = new DriveStandIn();
    await drive.start();
    oidc = await startOidcStub();
    others = await otherServices(asked);
  });
  afterAll(async () => {
    client?.close();
    child?.kill('SIGKILL');
    others?.billing.forceShutdown();
    others?.notification.forceShutdown();
    await oidc?.close();
    await drive?.close();
    await db?.close();
    await database?.drop();
  });

  it('killed while trashing the files, then restarted: everything ends deleted, no step made twice', async () => {
    const keyEntry = KeyRing.generateEntry('gone');
    oidc.live.add(`rt-${owner.sub}`);
    await new OfflineGrants(db.prisma, KeyRing.parse(keyEntry)).store(owner.sub, `rt-${owner.sub}`, 'drive.file');
    const folder = await drive.ferryFolder(owner.sub);
    const files = [
      await drive.sharedFile(owner.sub, 'a.txt', folder),
      await drive.sharedFile(owner.sub, 'b.txt', folder),
    ];
    const slugs = ['Leave_link1', 'Leave_link2'];
    for (const [i, slug] of slugs.entries()) {
      const link = await db.prisma.link.create({
        data: {
          slug,
          driveFileId: files[i]!,
          ownerSub: owner.sub,
          ownerEmail: owner.email,
          ownerSubdomain: 'leaving',
          fileName: `${i}.txt`,
          sizeBytes: 10n,
          downloadCount: 3n,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      });
      await db.prisma.linkDownloadBucket.create({ data: { linkId: link.id, bucketStart: new Date(), downloads: 3n } });
      await db.prisma.shortCode.create({
        data: { code: `leaving-code-number-${i}-xx`, linkId: link.id, subdomain: 'leaving', expiresAt: link.expiresAt },
      });
    }
    await db.prisma.subdomainOwner.create({ data: { subdomain: 'leaving', ownerSub: owner.sub } });
    // The second file's read before its trash hangs, so the kill lands inside the files step.
    await drive.fault({ method: 'GET', path: `^/drive/v3/files/${files[1]}$`, latencyMs: 60_000, count: 1 });

    const keys = testCallerKeys();
    const port = await freePort();
    const env = {
      ...process.env,
      LINK_PORT: String(port),
      LINK_DATABASE_URL: database.url,
      DRIVE_ROOT_URL: drive.url,
      BILLING_ADDR: `127.0.0.1:${others.ports[0]}`,
      NOTIFICATION_ADDR: `127.0.0.1:${others.ports[1]}`,
      LOG_LEVEL: 'error',
      CALLER_ASSERTION_PRIVATE_KEY: keyPem(keys.link.privateKey),
      GATEWAY_ASSERTION_PUBLIC_KEY: keyPem(keys.gateway.publicKey),
      TOKEN_ENCRYPTION_KEYS: keyEntry,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: STUB_CLIENT.clientId,
      OIDC_CLIENT_SECRET: STUB_CLIENT.clientSecret,
    };
    const start = () =>
      spawn(process.execPath, [mainJs], { cwd: serviceDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const record = () => db.prisma.accountDeletion.findUnique({ where: { ownerSub: owner.sub } });
    client = createGrpcClient(
      LinkServiceClient,
      `127.0.0.1:${port}`,
      testCallerOptions(LinkServiceService, linkPolicies),
    );
    const deleteAccount = () =>
      callUnary(client!.deleteMyAccount.bind(client), { caller: owner, trashFiles: true, locale: 'de' } as never);

    child = start();
    await waitFor('the link service', async () => (await deleteAccount()).err === null, 30_000);
    // The links answer "deleted" (410 at the gateway) from the request on, before any step ran.
    for (const slug of slugs) {
      const { res } = await callUnary(client.resolveLink.bind(client), { slug, ownerSubdomain: '' } as never);
      expect((res as { link: { status: LinkStatus } }).link.status).toBe(LinkStatus.LINK_STATUS_DELETED);
    }
    await waitFor(
      'the files step to hang on the second file',
      async () => (await drive.pendingFaults()).every((f) => f.remaining === 0),
      30_000,
    );
    const killed = child;
    killed.kill('SIGKILL');
    await new Promise((r) => killed.once('exit', r));
    expect((await record())?.step).toBe('subscription-cancelled');
    expect(asked.eraseAccount).toEqual([owner.sub]);
    expect(oidc.revoked).toEqual([]);
    expect(await db.prisma.offlineGrant.count({ where: { ownerSub: owner.sub } })).toBe(1);

    // The dead process's lease runs out (2 minutes in production; here the clock is not waited for).
    await db.prisma.accountDeletion.update({ where: { ownerSub: owner.sub }, data: { nextAttemptAt: new Date() } });
    child = start();
    await waitFor('the restarted loop to finish', async () => (await record())?.finishedAt != null, 30_000);

    const done = (await record())!;
    expect(done).toMatchObject({ step: 'done', ownerEmail: '', attempts: 0, trashFiles: true });
    // Each step once: billing erased once, the token revoked once, one mail key, each file trashed once.
    expect(asked.eraseAccount).toEqual([owner.sub]);
    expect(oidc.revoked).toEqual([`rt-${owner.sub}`]);
    expect(oidc.live.has(`rt-${owner.sub}`)).toBe(false);
    expect(new Set(asked.sendAccountDeleted)).toEqual(
      new Set([`account-deleted/${owner.sub}/${done.requestedAt.getTime()}`]),
    );
    expect(asked.eraseAccountMail.length).toBeGreaterThanOrEqual(1);
    for (const id of files) {
      expect(drive.requestsFor(id)).toEqual({ revokes: 1, trashes: 1 });
      expect((await drive.file(owner.sub, id)).trashed).toBe(true);
      expect(await drive.permissionTypes(owner.sub, id)).not.toContain('anyone');
    }
    // Nothing of the owner is left; the slugs stay as anonymous tombstones.
    expect(await db.prisma.link.count({ where: { ownerSub: owner.sub } })).toBe(0);
    expect(await db.prisma.linkDownloadBucket.count()).toBe(0);
    expect(await db.prisma.shortCode.count()).toBe(0);
    expect(await db.prisma.offlineGrant.count()).toBe(0);
    expect(await db.prisma.subdomainOwner.count()).toBe(0);
    const tombstones = await db.prisma.link.findMany({ where: { slug: { in: slugs } } });
    expect(tombstones.map((t) => [t.ownerSub, t.ownerEmail, t.fileName, t.driveFileId, t.downloadCount])).toEqual([
      ['', '', '', '', 0n],
      ['', '', '', '', 0n],
    ]);
    const leftover = await db.prisma.$queryRawUnsafe<Array<{ n: bigint }>>(
      `SELECT count(*) AS n FROM links WHERE owner_email ILIKE '%leaving%' OR owner_subdomain = 'leaving'`,
    );
    expect(Number(leftover[0]!.n)).toBe(0);

    // A second request is harmless: the same finished deletion, nothing run again.
    const again = await deleteAccount();
    expect(again.err).toBeNull();
    const deletion = (again.res as { deletion: { step: AccountDeletionStep; finishedAt?: Date } }).deletion;
    expect(deletion.step).toBe(AccountDeletionStep.ACCOUNT_DELETION_STEP_DONE);
    expect(deletion.finishedAt?.getTime()).toBe(done.finishedAt!.getTime());
    expect(asked.eraseAccount).toHaveLength(1);
    for (const slug of slugs) {
      const { res } = await callUnary(client.resolveLink.bind(client), { slug, ownerSubdomain: '' } as never);
      expect((res as { link: { status: LinkStatus } }).link.status).toBe(LinkStatus.LINK_STATUS_DELETED);
    }
    child.kill('SIGTERM');
  }, 120_000);
});
