import * as grpc from '@grpc/grpc-js';
import { LinkServiceClient, LinkServiceService } from '@ferry/contracts/link/v1';
import { createCallerSigner, createGrpcClient } from '@ferry/service-kit';
import { callAnyMethod, callEveryHostileCase, snapshotTables, testCallerKeys } from '@ferry/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPolicies } from '../src/policies.js';
import { LINK_SERVICE_NAME } from '../src/server.js';
import { callUnary, driveFiles, migratedPostgres, recordDownloads, startLink, type RunningLink } from './harness.js';

const alice = { sub: 'sub-alice', email: 'alice@example.com' };
const ALICE_FILE = '1AliceFile_abcdefghijklmnopqrs';
/** A session of alice's, as the gateway names it (SHA-256, base64url). */
const HOSTILE_TOKEN_HASH = 'h'.repeat(43);

type Method = keyof typeof LinkServiceService;

/**
 * A request per RPC that would read or change alice's link if it were accepted. Typed over every
 * method of the definition: a new RPC without a request here does not compile, and the suite checks
 * the same at run time.
 */
function requests(slug: string): Record<Method, unknown> {
  return {
    shorten: {
      caller: alice,
      driveAccessToken: alice.sub,
      driveFileId: ALICE_FILE,
      fileName: 'x',
      sizeBytes: '1',
      uploaderTimeZone: '',
      uploaderLocale: '',
    },
    createShortlink: {
      caller: alice,
      code: 'hostile-token-code-0123456789',
      subdomain: 'alice',
      ttlSeconds: '3600',
      slug,
    },
    resolveLink: { slug, ownerSubdomain: '' },
    resolveLinks: { codes: [slug] },
    getShareInfo: { slug },
    getSize: { id: slug, ownerSubdomain: '' },
    getDownloadCount: { slug },
    recordDownloads: [{ batchId: 'hostile-batch-1', counts: [{ slug, count: '5' }] }],
    invalidateLink: { caller: alice, slug },
    watchInvalidations: { epoch: '', afterSeq: '0' },
    recordTelemetry: { slug },
    updateExpiry: { caller: alice, slug, expiresAt: new Date(Date.now() + 86_400_000) },
    deleteLink: { caller: alice, slug },
    listLinks: { caller: alice, pageSize: 10, pageToken: '', driveFileIds: [] },
    storeOfflineGrant: { refreshToken: 'hostile-refresh-token', scope: '' },
    deleteOfflineGrant: {},
    setLinkAccess: { slug, password: 'hostile password', downloadLimit: '1' },
    unlockLink: { slug, ownerSubdomain: '', password: 'hostile password' },
    claimDownload: { slug, ownerSubdomain: '', unlockToken: '' },
    getLinkOwner: { slug, ownerSubdomain: '' },
    getLinkStats: { slug, timeZone: 'Europe/Amsterdam' },
    exportMyLinks: { caller: alice, timeZone: 'UTC' },
    deleteMyAccount: { caller: alice, trashFiles: true, locale: 'en' },
    getAccountDeletion: { caller: alice },
    cutOffSessions: {},
    admitSession: { tokenHash: HOSTILE_TOKEN_HASH },
    getSessionCutoff: { tokenHash: HOSTILE_TOKEN_HASH },
    reportAbuse: { slug, reason: 'malware', details: '', replyTo: '', requestId: 'hostile-report-1' },
    getAccountStanding: {},
    listAbuseReports: { limit: 10 },
    disableLink: { slug, reason: 'hostile' },
    restoreLink: { slug, reason: 'hostile' },
    suspendAccount: { email: alice.email, reason: 'hostile' },
    restoreAccount: { email: alice.email, reason: 'hostile' },
    listSuspensions: {},
    listAuditLog: { limit: 10 },
  };
}

describe('hostile callers of the link service', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let bare: LinkServiceClient;
  let slug: string;
  const snapshot = () => snapshotTables((sql) => running.db.prisma.$queryRawUnsafe(sql));

  beforeAll(async () => {
    driveFiles.set(ALICE_FILE, { owner: alice.sub, name: 'alice.pdf', size: 10n });
    database = await migratedPostgres();
    running = await startLink(database.url);
    // A client with no caller-assertion interceptor: each case sets its own metadata.
    bare = createGrpcClient(LinkServiceClient, `127.0.0.1:${running.server.port}`);
    const created = await callUnary(running.link.shorten.bind(running.link), requests('').shorten as never);
    expect(created.err).toBeNull();
    slug = created.res!.shortId;
  });
  afterAll(async () => {
    bare?.close();
    await running?.stop();
    await database?.drop();
  });

  it('has a request and a policy for every RPC of the definition', () => {
    expect(Object.keys(requests('x')).sort()).toEqual(Object.keys(LinkServiceService).sort());
    expect(Object.keys(linkPolicies).sort()).toEqual(Object.keys(LinkServiceService).sort());
  });

  it('refuses every hostile call of every RPC, and no table changes', async () => {
    const before = await snapshot();
    const refused = await callEveryHostileCase({
      client: bare,
      definition: LinkServiceService,
      audience: LINK_SERVICE_NAME,
      policies: linkPolicies,
      requests: requests(slug),
      keys: testCallerKeys(),
      victim: alice,
      trusted: ['gateway'],
    });
    for (const r of refused) expect(r.code, `${r.rpc}: ${r.case} (${r.details})`).toBe(r.expected);
    // 6 cases per RPC (every link RPC is gateway-only, so the link identity is always a case; the
    // link service holds only the gateway's key, so that one is an unknown issuer), and a seventh for
    // each administrators' RPC: a signed-in user who is not one.
    const adminRpcs = Object.values(linkPolicies).filter((p) => p.user === 'admin').length;
    expect(adminRpcs).toBe(7);
    expect(refused).toHaveLength(Object.keys(LinkServiceService).length * 6 + adminRpcs);
    expect(await snapshot()).toEqual(before);
  });

  it('the snapshot sees a change an accepted call makes (control)', async () => {
    const before = await snapshot();
    const { err } = await recordDownloads(running.link, [{ batchId: 'control-batch', counts: [{ slug, count: '1' }] }]);
    expect(err).toBeNull();
    expect(await snapshot()).not.toEqual(before);
  });

  it("acts for the asserted user, never the request's caller field", async () => {
    const bob = { sub: 'sub-bob', email: 'bob@example.com' };
    // Signed for bob, the request names alice: alice's link stays hidden (NOT_FOUND, not deleted).
    const signer = createCallerSigner({ issuer: 'gateway', privateKey: testCallerKeys().gateway.privateKey });
    const md = new grpc.Metadata();
    md.set('authorization', `Bearer ${await signer.userToken(LINK_SERVICE_NAME, bob)}`);
    const err = await callAnyMethod(bare, LinkServiceService, 'deleteLink', { caller: alice, slug }, md);
    expect(err?.code).toBe(grpc.status.NOT_FOUND);
    expect((await running.db.prisma.link.findUniqueOrThrow({ where: { slug } })).deletedAt).toBeNull();
  });
});
