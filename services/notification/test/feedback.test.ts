import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { SendFeedbackRequest } from '@ferry/contracts/notification/v1';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFeedbackMail } from '../src/mail/templates.js';
import {
  callUnary,
  migratedPostgres,
  smtpMailSettings,
  startMailStandIn,
  startNotification,
  type RunningNotification,
} from './harness.js';

const TEAM = 'feedback@ferry.test';

describe('SendFeedback: a visitor’s feedback mailed to the team', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let running: RunningNotification;
  let unconfigured: RunningNotification;
  const send = (target: RunningNotification, req: Partial<SendFeedbackRequest>) =>
    callUnary(target.notification.sendFeedback.bind(target.notification), {
      idempotencyKey: `feedback/${randomUUID()}`,
      message: 'Lovely product',
      replyTo: '',
      page: '/faq',
      language: 'de',
      ...req,
    });

  beforeAll(async () => {
    database = await migratedPostgres();
    mail = await startMailStandIn();
    running = await startNotification(database.url, {
      mail: smtpMailSettings(mail.smtpPort, { feedbackTo: TEAM, relayIntervalMs: 50 }),
    });
    unconfigured = await startNotification(database.url);
  });
  afterAll(async () => {
    await unconfigured?.stop();
    await running?.stop();
    await mail?.dispose();
    await database?.drop();
  });

  it('mails the message once per idempotency key, Reply-To the visitor', async () => {
    const key = `feedback/${randomUUID()}`;
    const message = 'The FAQ could say more about folders.\nThanks!';
    const first = await send(running, { idempotencyKey: key, message, replyTo: ' Vera@Example.com ' });
    expect(first.err).toBeNull();
    expect(first.res!.accepted).toBe(true);
    const again = await send(running, { idempotencyKey: key, message, replyTo: 'vera@example.com' });
    expect(again.err).toBeNull();
    expect(again.res!.accepted).toBe(false);

    await waitFor(
      'the feedback mail in the inbox',
      async () => mail.store.list().some((m) => m.to.includes(TEAM)),
      15_000,
    );
    // The repeat was queued nothing: the relay has had time to send a second row if there were one.
    await waitFor(
      'the outbox row sent',
      async () =>
        (await running.db.prisma.outboxMessage.findUnique({ where: { idempotencyKey: key } }))?.status === 'SENT',
      15_000,
    );
    const inbox = (await mail.messages()).filter((m) => m.to.includes(TEAM));
    expect(inbox).toHaveLength(1);
    const [received] = inbox;
    expect(received!.subject).toBe('Feedback: The FAQ could say more about folders. Thanks!');
    expect(received!.replyTo).toEqual(['vera@example.com']);
    expect(received!.text).toContain(message);
    expect(received!.text).toContain('Page: /faq');
    expect(received!.text).toContain('Language: de');
    expect(received!.headers.find((h) => h.key.toLowerCase() === 'x-ferry-kind')?.value).toBe('feedback');
    expect(await running.db.prisma.outboxMessage.count({ where: { kind: 'FEEDBACK' } })).toBe(1);
  });

  it('sends without a reply address (no Reply-To)', async () => {
    const key = `feedback/${randomUUID()}`;
    expect((await send(running, { idempotencyKey: key, message: 'anonymous note' })).res!.accepted).toBe(true);
    const row = await running.db.prisma.outboxMessage.findUnique({ where: { idempotencyKey: key } });
    expect(row!.to).toBe(TEAM);
    expect((row!.payload as { replyTo?: string }).replyTo).toBeUndefined();
  });

  it('refuses a bad key, an empty, too long or control-laden message, and a bad reply address', async () => {
    const codes = await Promise.all([
      send(running, { idempotencyKey: 'feedback/not-a-uuid' }),
      send(running, { idempotencyKey: `share/${randomUUID()}` }),
      send(running, { message: '   ' }),
      send(running, { message: 'x'.repeat(2_001) }),
      send(running, { message: 'a\rb' }),
      send(running, { replyTo: 'not an address' }),
      send(running, { replyTo: 'a@b.c\r\nBcc: x@y.z' }),
      send(running, { page: '/faq\nBcc: x@y.z' }),
    ]);
    for (const { err } of codes) expect(err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('refuses feedback when no team address is configured', async () => {
    expect((await send(unconfigured, {})).err?.code).toBe(grpc.status.FAILED_PRECONDITION);
  });

  it('escapes the message in the HTML part', () => {
    const mail = renderFeedbackMail({
      message: '<script>alert(1)</script>',
      replyTo: '',
      page: '/',
      language: 'en',
      receivedAt: new Date('2026-11-25T12:00:00Z'),
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('Reply to: no address given');
  });
});
