import { randomUUID } from 'node:crypto';
import {
  NotificationServiceClient,
  NotificationServiceService,
  ShareEmailKind,
} from '@ferry/contracts/notification/v1';
import { createGrpcClient } from '@ferry/service-kit';
import { callEveryHostileCase, snapshotTables, testCallerKeys } from '@ferry/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPolicies } from '../src/policies.js';
import { NOTIFICATION_SERVICE_NAME } from '../src/server.js';
import { callUnary, migratedPostgres, PUBLIC_ORIGIN, startNotification, type RunningNotification } from './harness.js';

const alice = { sub: 'sub-alice', email: 'alice@example.com' };

type Method = keyof typeof NotificationServiceService;

/**
 * A request per RPC that would queue mail if it were accepted. Typed over every method of the
 * definition: a new RPC without a request here does not compile, and the suite checks the same.
 */
function requests(): Record<Method, unknown> {
  const linkId = randomUUID();
  return {
    sendShareEmail: {
      caller: alice,
      kind: ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      shareRequestId: randomUUID(),
      recipients: ['bob@example.com'],
      fileName: 'report.pdf',
      sizeBytes: '1024',
      sizeLabel: '1 KB',
      downloadUrl: `${PUBLIC_ORIGIN}/r/AliceSlug01`,
      message: 'spam',
      expiresAt: new Date(Date.now() + 86_400_000),
      subdomain: 'alice',
      slug: 'AliceSlug01',
      locale: 'en',
      downloadPageUrl: `${PUBLIC_ORIGIN}/r/AliceSlug01`,
      fileDownloadUrl: `${PUBLIC_ORIGIN}/api/d/AliceSlug01`,
      code: '',
    },
    logCopyLink: { caller: alice, link: `${PUBLIC_ORIGIN}/r/AliceSlug01`, slug: 'AliceSlug01' },
    recordFirstDownload: {
      idempotencyKey: `first-download/${linkId}`,
      linkId,
      slug: 'AliceSlug01',
      ownerEmail: alice.email,
      ownerSubdomain: 'alice',
      fileName: 'report.pdf',
      sizeBytes: '1024',
      expiresAt: new Date(Date.now() + 86_400_000),
      downloadedAt: new Date(),
      locale: 'en',
    },
    recordCleanupNeeded: {
      idempotencyKey: `cleanup-needed/${alice.sub}/${Date.now()}`,
      ownerEmail: alice.email,
      locale: 'en',
    },
    sendAccountNotice: {
      idempotencyKey: `trial-ends-in-7-days/${alice.sub}/${Date.now()}`,
      kind: 1,
      email: alice.email,
      language: 'en',
      trialEndsAt: new Date(Date.now() + 7 * 86_400_000),
      accountUrl: `${PUBLIC_ORIGIN}/account`,
    },
    sendFeedback: {
      idempotencyKey: `feedback/${randomUUID()}`,
      message: 'spam',
      replyTo: '',
      page: '/',
      language: 'en',
    },
    sendMoreTimeRequest: {
      idempotencyKey: `more-time/${randomUUID()}`,
      slug: 'AliceSlug01',
      ownerEmail: alice.email,
      locale: 'en',
      fileName: 'report.pdf',
      expiresAt: new Date(Date.now() + 3_600_000),
      requesterName: '',
      message: 'spam',
      extendUrl: `${PUBLIC_ORIGIN}/api/actions/extend?t=x`,
      downloadPageUrl: `${PUBLIC_ORIGIN}/r/AliceSlug01`,
      clientKey: '192.0.2.1',
    },
    exportMyMail: {},
    eraseAccountMail: { sub: alice.sub, email: alice.email },
    sendAccountDeleted: {
      idempotencyKey: `account-deleted/${alice.sub}/${Date.now()}`,
      email: alice.email,
      language: 'en',
      filesTrashed: false,
    },
    sendAbuseReport: {
      idempotencyKey: `abuse/${randomUUID()}`,
      slug: 'AliceSlug01',
      reason: 'malware',
      details: 'spam',
      replyTo: '',
      downloadPageUrl: `${PUBLIC_ORIGIN}/r/AliceSlug01`,
      fileName: 'report.pdf',
      ownerEmail: alice.email,
      adminUrl: `${PUBLIC_ORIGIN}/admin`,
    },
  };
}

describe('hostile callers of the notification service', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningNotification;
  let bare: NotificationServiceClient;
  const snapshot = () => snapshotTables((sql) => running.db.prisma.$queryRawUnsafe(sql));

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startNotification(database.url);
    // A client with no caller-assertion interceptor: each case sets its own metadata.
    bare = createGrpcClient(NotificationServiceClient, `127.0.0.1:${running.server.port}`);
  });
  afterAll(async () => {
    bare?.close();
    await running?.stop();
    await database?.drop();
  });

  it('has a request and a policy for every RPC of the definition', () => {
    expect(Object.keys(requests()).sort()).toEqual(Object.keys(NotificationServiceService).sort());
    expect(Object.keys(notificationPolicies).sort()).toEqual(Object.keys(NotificationServiceService).sort());
  });

  it('refuses every hostile call of every RPC, and no table changes', async () => {
    const before = await snapshot();
    // The service trusts both callers' keys: a caller not allowed for a method is PERMISSION_DENIED.
    const refused = await callEveryHostileCase({
      client: bare,
      definition: NotificationServiceService,
      audience: NOTIFICATION_SERVICE_NAME,
      policies: notificationPolicies,
      requests: requests(),
      keys: testCallerKeys(),
      victim: alice,
      trusted: ['gateway', 'link', 'billing'],
    });
    for (const r of refused) expect(r.code, `${r.rpc}: ${r.case} (${r.details})`).toBe(r.expected);
    expect(refused).toHaveLength(6 * Object.keys(NotificationServiceService).length);
    expect(await snapshot()).toEqual(before);
  });

  it('the snapshot sees a change an accepted call makes (control)', async () => {
    const before = await snapshot();
    const { err } = await callUnary(
      running.notification.recordFirstDownload.bind(running.notification),
      requests().recordFirstDownload as never,
    );
    expect(err).toBeNull();
    expect(await snapshot()).not.toEqual(before);
  });
});
