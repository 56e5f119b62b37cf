import * as grpc from '@grpc/grpc-js';
import { ClaimOutcome, LinkStatus, type LinkServiceClient } from '@ferry/contracts/link/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, driveFiles, migratedPostgres, startLink, type RunningLink } from './harness.js';

const ann = { sub: 'sub-access-ann', email: 'ann@example.com' };
const eve = { sub: 'sub-access-eve', email: 'eve@example.com' };
const FILES = Array.from({ length: 6 }, (_, i) => `1AccessFile${i}_abcdefghijklmnopqr`);

describe('passwords, download limits and one-click actions', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let client: LinkServiceClient;
  let nextFile = 0;

  async function newLink(): Promise<string> {
    const fileId = FILES[nextFile++]!;
    driveFiles.set(fileId, { owner: ann.sub, name: 'photos.zip', size: 42n });
    const { err, res } = await callUnary(client.shorten.bind(client), {
      caller: ann,
      driveAccessToken: ann.sub,
      driveFileId: fileId,
      fileName: '',
      sizeBytes: '0',
      uploaderTimeZone: '',
      uploaderLocale: 'de',
    });
    expect(err).toBeNull();
    return res!.shortId;
  }
  const setAccess = (slug: string, fields: { password?: string; downloadLimit?: string }, caller = ann) =>
    callUnary(client.setLinkAccess.bind(client), { slug, ...fields, caller } as never);
  const unlock = (slug: string, password: string) =>
    callUnary(client.unlockLink.bind(client), { slug, ownerSubdomain: '', password });
  const claim = (slug: string, unlockToken = '') =>
    callUnary(client.claimDownload.bind(client), { slug, ownerSubdomain: '', unlockToken });

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startLink(database.url);
    client = running.link;
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('keeps only a scrypt hash and hands out a single-use unlock token for the right password', async () => {
    const slug = await newLink();
    const set = await setAccess(slug, { password: 'open sesame' });
    expect(set.err).toBeNull();
    expect(set.res!.link!.passwordProtected).toBe(true);
    const row = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('open sesame');

    expect((await unlock(slug, 'open sesam')).res).toMatchObject({ ok: false, unlockToken: '' });
    expect((await claim(slug)).res!.outcome).toBe(ClaimOutcome.CLAIM_OUTCOME_PASSWORD_REQUIRED);
    expect((await claim(slug, 'A'.repeat(43))).res!.outcome).toBe(ClaimOutcome.CLAIM_OUTCOME_PASSWORD_REQUIRED);

    const right = await unlock(slug, 'open sesame');
    expect(right.res!.ok).toBe(true);
    const granted = await claim(slug, right.res!.unlockToken);
    expect(granted.res).toMatchObject({ outcome: ClaimOutcome.CLAIM_OUTCOME_GRANTED, driveFileId: FILES[0] });
    // Used once: the same token opens nothing the second time.
    expect((await claim(slug, right.res!.unlockToken)).res!.outcome).toBe(ClaimOutcome.CLAIM_OUTCOME_PASSWORD_REQUIRED);
    const counted = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    expect(counted.downloadCount).toBe(1n);
    expect(counted.notifiedAt).not.toBeNull();

    // Removing the password drops tokens handed out before; the link is open again.
    const token = (await unlock(slug, 'open sesame')).res!.unlockToken;
    expect((await setAccess(slug, { password: '' })).res!.link!.passwordProtected).toBe(false);
    expect(await running.db.prisma.unlockToken.count({ where: { linkId: row.id } })).toBe(0);
    expect((await claim(slug, token)).res!.outcome).toBe(ClaimOutcome.CLAIM_OUTCOME_GRANTED);
  });

  it('refuses a too-short password and other users', async () => {
    const slug = await newLink();
    const short = await setAccess(slug, { password: 'abc' });
    expect(short.err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    const other = await setAccess(slug, { password: 'eves password' }, eve);
    expect(other.err?.code).toBe(grpc.status.NOT_FOUND);
    expect((await running.db.prisma.link.findUniqueOrThrow({ where: { slug } })).passwordHash).toBeNull();
  });

  it('grants exactly N of many concurrent claims of a link limited to N, then answers gone', async () => {
    const slug = await newLink();
    expect((await setAccess(slug, { downloadLimit: '3' })).res!.link!.downloadLimit).toBe('3');
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(slug)));
    const outcomes = results.map((r) => r.res!.outcome);
    expect(outcomes.filter((o) => o === ClaimOutcome.CLAIM_OUTCOME_GRANTED)).toHaveLength(3);
    expect(outcomes.filter((o) => o === ClaimOutcome.CLAIM_OUTCOME_GONE)).toHaveLength(47);
    const after = await claim(slug);
    expect(after.res).toMatchObject({ outcome: ClaimOutcome.CLAIM_OUTCOME_GONE, goneReason: 'limit' });
    const row = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    expect(row.downloadCount).toBe(3n);
    // Expired at once; the sweeper takes it after a short delay (the last download is under way).
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.sweepNextAt!.getTime()).toBeGreaterThan(Date.now());
    const resolved = await callUnary(client.resolveLink.bind(client), { slug, ownerSubdomain: '' });
    expect(resolved.res!.link!.status).toBe(LinkStatus.LINK_STATUS_EXPIRED);
  });

  it('refuses a limit at or under the downloads already made', async () => {
    const slug = await newLink();
    await setAccess(slug, { downloadLimit: '5' });
    await claim(slug);
    await claim(slug);
    const low = await setAccess(slug, { downloadLimit: '2' });
    expect(low.err?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect((await setAccess(slug, { downloadLimit: '0' })).res!.link!.downloadLimit).toBe('0');
  });

  it('carries out a one-click action once: a second use is ALREADY_EXISTS (action_used)', async () => {
    const slug = await newLink();
    const owner = await callUnary(client.getLinkOwner.bind(client), { slug, ownerSubdomain: '' });
    expect(owner.res).toMatchObject({ ownerSub: ann.sub, ownerLocale: 'de' });
    const before = owner.res!.link!.expiresAt!.getTime();
    const extend = () =>
      callUnary(client.updateExpiry.bind(client), { caller: ann, slug, actionId: 'action-0123456789abcdef' } as never);
    const first = await extend();
    expect(first.err).toBeNull();
    expect((first.res as { link: { expiresAt: Date } }).link.expiresAt.getTime()).toBe(before + 86_400_000);
    const second = await extend();
    expect(second.err?.code).toBe(grpc.status.ALREADY_EXISTS);
    expect(second.err?.metadata.get('ferry-error-code')).toEqual(['action_used']);
    const row = await running.db.prisma.link.findUniqueOrThrow({ where: { slug } });
    expect(row.expiresAt.getTime()).toBe(before + 86_400_000);
  });
});
