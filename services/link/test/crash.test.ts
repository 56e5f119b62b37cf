import { spawn, type ChildProcess } from 'node:child_process';
import { KeyRing } from '../src/grants/key-ring.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { LinkServiceClient, LinkServiceService } from '@ferry/contracts/link/v1';
import {
  NotificationServiceService,
  MessageStatus,
  type NotificationServiceServer,
  type RecordFirstDownloadRequest,
} from '@ferry/contracts/notification/v1';
import { checkHealth, createCallerVerifier, createGrpcClient, type CallerIdentity } from '@ferry/service-kit';
import { testCallerKeys, testCallerOptions } from '@ferry/service-kit/testing';
import { freePort, waitFor } from '@ferry/testkit';
import { HealthClient } from '@ferry/contracts/health/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { linkPolicies } from '../src/policies.js';
import { serviceDir } from './generate.global-setup.js';
import { migratedPostgres, recordDownloads } from './harness.js';

const mainJs = join(serviceDir, 'dist/main.js');

/**
 * A notification service that answers UNIMPLEMENTED to the first `refuse` calls (like one that does not know the RPC yet),
 * then accepts; it checks each call's caller assertion against the link service's public key.
 */
async function fakeNotification(refuse: number) {
  const received: RecordFirstDownloadRequest[] = [];
  const callers: CallerIdentity[] = [];
  const verifier = createCallerVerifier({ keys: { link: testCallerKeys().link.publicKey } });
  let calls = 0;
  const server = new grpc.Server();
  server.addService(NotificationServiceService, {
    async recordFirstDownload(
      call: grpc.ServerUnaryCall<RecordFirstDownloadRequest, unknown>,
      cb: grpc.sendUnaryData<{ accepted: boolean; status: MessageStatus }>,
    ) {
      try {
        callers.push(
          await verifier.verify(call.metadata, NotificationServiceService.recordFirstDownload.path.split('/')[1]!),
        );
      } catch (err) {
        cb(err as grpc.ServiceError);
        return;
      }
      if (calls++ < refuse) {
        cb({
          code: grpc.status.UNIMPLEMENTED,
          details: 'not yet',
          metadata: new grpc.Metadata(),
          name: 'Error',
          message: 'not yet',
        });
        return;
      }
      received.push(call.request);
      cb(null, { accepted: true, status: MessageStatus.MESSAGE_STATUS_QUEUED });
    },
  } as unknown as NotificationServiceServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { port, received, callers, calls: () => calls, stop: () => server.forceShutdown() };
}

function startChild(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [mainJs], {
    cwd: serviceDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

describe('first download across a link-service crash', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let db: Database;
  let notification: Awaited<ReturnType<typeof fakeNotification>>;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build -w @ferry/link first`);
    database = await migratedPostgres();
    db = await openDatabase(database.url);
    notification = await fakeNotification(2);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    notification?.stop();
    await db?.close();
    await database?.drop();
  });

  it('20 concurrent first downloads with a SIGKILL and restart in the middle: count 20, exactly one event, relayed once notification accepts', async () => {
    const port = await freePort();
    const keys = testCallerKeys();
    const env = {
      LINK_PORT: String(port),
      LINK_DATABASE_URL: database.url,
      DRIVE_ROOT_URL: 'http://127.0.0.1:9',
      NOTIFICATION_ADDR: `127.0.0.1:${notification.port}`,
      BILLING_ADDR: '127.0.0.1:9',
      LOG_LEVEL: 'error',
      CALLER_ASSERTION_PRIVATE_KEY: keys.link.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      GATEWAY_ASSERTION_PUBLIC_KEY: keys.gateway.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      TOKEN_ENCRYPTION_KEYS: KeyRing.generateEntry('crash'),
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'ferry-gateway',
      OIDC_CLIENT_SECRET: 'unused-in-this-test',
    };
    const link = await db.prisma.link.create({
      data: {
        slug: 'Crash_test1',
        driveFileId: '1CrashFile_abcdefghij',
        ownerSub: 's',
        ownerEmail: 'ann@example.com',
        ownerSubdomain: 'ann',
        fileName: 'a.bin',
        sizeBytes: 1n,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const client = createGrpcClient(
      LinkServiceClient,
      `127.0.0.1:${port}`,
      testCallerOptions(LinkServiceService, linkPolicies),
    );
    const health = createGrpcClient(HealthClient, `127.0.0.1:${port}`);
    const serving = () =>
      waitFor('link to serve', async () => (await checkHealth(health, '', 500)) === 'SERVING', 30_000);
    try {
      child = startChild(env);
      await serving();

      const batch = (i: number) => ({ batchId: `gw-crash-${i}`, counts: [{ slug: 'Crash_test1', count: '1' }] });
      const first = Promise.all(Array.from({ length: 20 }, (_, i) => recordDownloads(client, [batch(i)], 3_000)));
      // Kill while the batches are in flight.
      await new Promise((r) => setImmediate(r));
      child.kill('SIGKILL');
      const results = await first;
      const killed = child;
      if (killed.exitCode === null && killed.signalCode === null) await new Promise((r) => killed.once('exit', r));
      // The kill landed in the middle: some batches were not acknowledged.
      expect(results.some((r) => r.err !== null)).toBe(true);
      child = startChild(env);
      await serving();

      // The gateway's counter retries every unacknowledged batch with the same id.
      let pending = results.map((r, i) => (r.err ? i : -1)).filter((i) => i >= 0);
      while (pending.length > 0) {
        const retry = await Promise.all(pending.map((i) => recordDownloads(client, [batch(i)], 3_000)));
        pending = pending.filter((_, k) => retry[k]!.err !== null);
      }

      const row = await db.prisma.link.findUniqueOrThrow({ where: { id: link.id } });
      expect(row.downloadCount).toBe(20n);
      expect(row.notifiedAt).not.toBeNull();
      expect(await db.prisma.firstDownloadOutbox.count({ where: { linkId: link.id } })).toBe(1);
      // UNIMPLEMENTED twice keeps it pending; then it is relayed and marked.
      await waitFor(
        'the event to be relayed',
        async () =>
          (await db.prisma.firstDownloadOutbox.findFirstOrThrow({ where: { linkId: link.id } })).relayedAt !== null,
        30_000,
      );
      expect(notification.calls()).toBeGreaterThanOrEqual(3);
      expect(new Set(notification.received.map((r) => r.idempotencyKey))).toEqual(
        new Set([`first-download/${link.id}`]),
      );
      expect(notification.received[0]).toMatchObject({
        slug: 'Crash_test1',
        ownerEmail: 'ann@example.com',
        linkId: link.id,
      });
      // Every relay call carried the link service's own identity.
      expect(notification.callers.length).toBe(notification.calls());
      expect(new Set(notification.callers.map((c) => JSON.stringify(c)))).toEqual(
        new Set([JSON.stringify({ principal: 'link' })]),
      );
    } finally {
      client.close();
      health.close();
    }
  }, 90_000);
});
