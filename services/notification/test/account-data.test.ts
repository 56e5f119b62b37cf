import { randomUUID } from 'node:crypto';
import { type MessageStatus, ShareEmailKind } from '@ferry/contracts/notification/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPayload } from '../src/outbox/payload.js';
import { callUnary, migratedPostgres, PUBLIC_ORIGIN, startNotification, type RunningNotification } from './harness.js';

const ann = { sub: 'sub-ann', email: 'ann@example.com' };
const bob = { sub: 'sub-bob', email: 'bob@example.com' };

describe('an account’s mail: its export, its erasure and the last mail', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningNotification;
  const call = <K extends keyof RunningNotification['notification']>(rpc: K, req: object) =>
    callUnary(
      (running.notification[rpc] as (...a: never[]) => unknown).bind(running.notification) as never,
      req as never,
    ) as Promise<{ err: { code: number } | null; res?: Record<string, unknown> }>;
  const share = (sender: typeof ann, recipients: string[]) =>
    call('sendShareEmail', {
      caller: sender,
      kind: ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      shareRequestId: randomUUID(),
      recipients,
      fileName: 'a.zip',
      sizeBytes: '10',
      sizeLabel: '',
      downloadUrl: `${PUBLIC_ORIGIN}/r/AbCdEfGh12`,
      message: '',
      subdomain: 'x',
      slug: 'AbCdEfGh12',
      locale: 'en',
      downloadPageUrl: '',
      fileDownloadUrl: '',
      code: '',
    });

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startNotification(database.url);
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('exports the mails sent for the user and to them, erases them (and only them), and mails once', async () => {
    expect((await share(ann, ['carol@example.com', 'dave@example.com'])).err).toBeNull();
    expect((await share(bob, ['ann@example.com'])).err).toBeNull();
    const exported = await call('exportMyMail', { caller: ann });
    expect(exported.err).toBeNull();
    const mails = exported.res!.mails as Array<{ type: string; to: string; status: MessageStatus }>;
    // Ann's two receiver mails and the one Bob sent to her address.
    expect(mails.map((m) => m.to).sort()).toEqual(['ann@example.com', 'carol@example.com', 'dave@example.com']);
    expect(mails.every((m) => m.type === 'receiver')).toBe(true);

    const erased = await call('eraseAccountMail', ann);
    expect(erased.res).toEqual({ outboxRows: 3, shareRequests: 1 });
    expect(await call('eraseAccountMail', ann)).toMatchObject({ res: { outboxRows: 0, shareRequests: 0 } });
    expect((await call('exportMyMail', { caller: ann })).res!.mails).toEqual([]);
    // Bob's own request stays (its mail to Ann went with her data).
    expect(await running.db.prisma.shareRequest.count({ where: { senderSub: bob.sub } })).toBe(1);

    const key = `account-deleted/${ann.sub}/${Date.now()}`;
    const req = { idempotencyKey: key, email: 'Ann@Example.com', language: 'he', filesTrashed: true };
    expect((await call('sendAccountDeleted', req)).res).toMatchObject({ accepted: true });
    expect((await call('sendAccountDeleted', req)).res).toMatchObject({ accepted: false });
    const rows = await running.db.prisma.outboxMessage.findMany({ where: { idempotencyKey: key } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to).toBe('ann@example.com');
    const mail = readPayload(rows[0]!.payload)!;
    expect(mail).toMatchObject({ type: 'account-deleted', lang: 'he', subject: 'חשבון ה-Ferry שלכם נמחק' });
    expect(mail.text).toContain('_ferryuploads');
    expect(mail.html).toContain('dir="rtl"');
    const bad = await call('sendAccountDeleted', { ...req, idempotencyKey: 'something-else' });
    expect(bad.err?.code).toBe(3);
  });
});
