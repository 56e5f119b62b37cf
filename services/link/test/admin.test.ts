import * as grpc from '@grpc/grpc-js';
import { LinkStatus, type LinkServiceClient } from '@ferry/contracts/link/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, driveFiles, migratedPostgres, startLink, type RunningLink } from './harness.js';

const owner = { sub: 'sub-admin-owner', email: 'Owner@Example.com' };
const other = { sub: 'sub-admin-other', email: 'other@example.com' };
const admin = { sub: 'sub-admin', email: 'admin@example.com' };
const FILES = ['1AdminFileA_abcdefghijklmnopqrs', '1AdminFileB_abcdefghijklmnopqrs', '1AdminFileC_abcdefghijklmnopqrs'];

describe('abuse reports, disabled links and suspended accounts', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let client: LinkServiceClient;
  let slugs: string[];
  let otherSlug: string;
  const published: string[] = [];

  const shorten = (who: typeof owner, file: string) =>
    callUnary(client.shorten.bind(client), {
      caller: who,
      driveAccessToken: who.sub,
      driveFileId: file,
      fileName: '',
      sizeBytes: '0',
      uploaderTimeZone: '',
      uploaderLocale: 'en',
    } as never);
  const status = async (slug: string) =>
    (await callUnary(client.resolveLink.bind(client), { slug, ownerSubdomain: '' })).res!.link!.status;
  // Admin RPCs act for the request's `caller` as an administrator (testCallerOptions).
  const asAdmin = <T>(req: T) => ({ ...req, caller: admin }) as never;

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startLink(database.url);
    client = running.link;
    running.server.invalidations.subscribe((slug) => published.push(slug));
    driveFiles.set(FILES[0]!, { owner: owner.sub, name: 'a.zip', size: 10n });
    driveFiles.set(FILES[1]!, { owner: owner.sub, name: 'b.zip', size: 10n });
    driveFiles.set(FILES[2]!, { owner: other.sub, name: 'c.zip', size: 10n });
    slugs = [];
    for (const f of FILES.slice(0, 2)) slugs.push((await shorten(owner, f)).res!.shortId);
    otherSlug = (await shorten(other, FILES[2]!)).res!.shortId;
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('stores a report once per request id, refuses bad ones, and lists it for the administrators', async () => {
    const report = (requestId: string, extra: Record<string, string> = {}) =>
      callUnary(client.reportAbuse.bind(client), {
        slug: slugs[0]!,
        reason: 'malware',
        details: 'It installs something.',
        replyTo: 'Finder@Example.com',
        requestId,
        ...extra,
      });
    const first = await report('req-000001');
    expect(first.err).toBeNull();
    expect(first.res).toMatchObject({ accepted: true, report: { reason: 'malware', replyTo: 'finder@example.com' } });
    expect((await report('req-000001')).res?.accepted).toBe(false);
    expect((await report('req-000002', { reason: 'spam' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await report('req-000003', { replyTo: 'not an address' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await report('req-000004', { slug: 'Unknown_123' })).err?.code).toBe(grpc.status.NOT_FOUND);
    const listed = await callUnary(client.listAbuseReports.bind(client), asAdmin({ limit: 0 }));
    expect(listed.res!.reports).toHaveLength(1);
    expect(listed.res!.reports[0]).toMatchObject({
      slug: slugs[0],
      link: { ownerEmail: owner.email },
      linkDisabled: false,
      ownerSuspended: false,
    });
  });

  it('disables one link (410 everywhere, gateways told), restores it, and audits both', async () => {
    published.length = 0;
    const disabled = await callUnary(client.disableLink.bind(client), asAdmin({ slug: slugs[0], reason: 'malware' }));
    expect(disabled.err).toBeNull();
    expect(await status(slugs[0]!)).toBe(LinkStatus.LINK_STATUS_BLOCKED);
    expect(await status(slugs[1]!)).toBe(LinkStatus.LINK_STATUS_ACTIVE);
    expect(published).toContain(slugs[0]);
    const claim = await callUnary(client.claimDownload.bind(client), {
      slug: slugs[0]!,
      ownerSubdomain: '',
      unlockToken: '',
    } as never);
    expect(claim.res).toMatchObject({ outcome: 2, goneReason: 'blocked', driveFileId: '' });
    const again = await callUnary(client.disableLink.bind(client), asAdmin({ slug: slugs[0], reason: 'twice' }));
    expect(again.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    const noReason = await callUnary(client.disableLink.bind(client), asAdmin({ slug: slugs[1], reason: ' ' }));
    expect(noReason.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(
      (await callUnary(client.restoreLink.bind(client), asAdmin({ slug: slugs[0], reason: 'cleared' }))).err,
    ).toBeNull();
    expect(await status(slugs[0]!)).toBe(LinkStatus.LINK_STATUS_ACTIVE);
  });

  it('suspends an account: no new links, all its links blocked, its standing says why; restore undoes it', async () => {
    await callUnary(client.disableLink.bind(client), asAdmin({ slug: slugs[1], reason: 'copyright' }));
    published.length = 0;
    const suspended = await callUnary(
      client.suspendAccount.bind(client),
      asAdmin({ email: 'owner@example.COM', reason: 'Repeated malware' }),
    );
    expect(suspended.err).toBeNull();
    expect(suspended.res).toMatchObject({ linksBlocked: '2', suspension: { email: 'owner@example.com' } });
    expect(published).toEqual(expect.arrayContaining(slugs));
    for (const s of slugs) expect(await status(s)).toBe(LinkStatus.LINK_STATUS_BLOCKED);
    expect(await status(otherSlug)).toBe(LinkStatus.LINK_STATUS_ACTIVE);

    driveFiles.set('1AdminFileD_abcdefghijklmnopqrs', { owner: owner.sub, name: 'd.zip', size: 10n });
    const refused = await shorten(owner, '1AdminFileD_abcdefghijklmnopqrs');
    expect(refused.err?.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(refused.err?.metadata.get('ferry-error-code')).toEqual(['account_suspended']);
    const standing = await callUnary(client.getAccountStanding.bind(client), { caller: owner } as never);
    expect(standing.res).toMatchObject({ suspended: true, reason: 'Repeated malware' });
    const otherStanding = await callUnary(client.getAccountStanding.bind(client), { caller: other } as never);
    expect(otherStanding.res).toMatchObject({ suspended: false });
    expect((await callUnary(client.listSuspensions.bind(client), asAdmin({}))).res!.suspensions).toHaveLength(1);

    const restored = await callUnary(
      client.restoreAccount.bind(client),
      asAdmin({ email: owner.email, reason: 'Appeal accepted' }),
    );
    // The link disabled on its own stays disabled.
    expect(restored.res).toMatchObject({ linksRestored: '1' });
    expect(await status(slugs[0]!)).toBe(LinkStatus.LINK_STATUS_ACTIVE);
    expect(await status(slugs[1]!)).toBe(LinkStatus.LINK_STATUS_BLOCKED);
    expect((await shorten(owner, '1AdminFileD_abcdefghijklmnopqrs')).err).toBeNull();
    const twice = await callUnary(client.restoreAccount.bind(client), asAdmin({ email: owner.email, reason: 'again' }));
    expect(twice.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
  });

  it('keeps an audit entry of every action, newest first, naming who, what, target and why', async () => {
    const log = await callUnary(client.listAuditLog.bind(client), asAdmin({ limit: 0 }));
    expect(log.res!.entries.map((e) => [e.actor, e.action, e.target, e.reason])).toEqual([
      [admin.email, 'restore_account', 'owner@example.com', 'Appeal accepted'],
      [admin.email, 'suspend_account', 'owner@example.com', 'Repeated malware'],
      [admin.email, 'disable_link', slugs[1], 'copyright'],
      [admin.email, 'restore_link', slugs[0], 'cleared'],
      [admin.email, 'disable_link', slugs[0], 'malware'],
    ]);
    expect(log.res!.entries.every((e) => e.createdAt instanceof Date)).toBe(true);
  });
});
