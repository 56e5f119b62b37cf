import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { SendMoreTimeRequestRequest } from '@ferry/contracts/notification/v1';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORE_TIME_PER_CLIENT_PER_HOUR, MORE_TIME_PER_LINK_PER_DAY } from '../src/handlers/more-time.js';
import {
  callUnary,
  migratedPostgres,
  smtpMailSettings,
  startMailStandIn,
  startNotification,
  type RunningNotification,
} from './harness.js';

const ORIGIN = 'http://localhost:8080';

describe('SendMoreTimeRequest: a recipient asks the owner for more time', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let running: RunningNotification;
  const send = (req: Partial<SendMoreTimeRequestRequest>) =>
    callUnary(running.notification.sendMoreTimeRequest.bind(running.notification), {
      idempotencyKey: `more-time/${randomUUID()}`,
      slug: 'MoreTime001',
      ownerEmail: 'owner@example.com',
      locale: 'de',
      fileName: 'fotos.zip',
      expiresAt: new Date('2026-12-01T10:00:00Z'),
      requesterName: 'Vera',
      message: 'Ich bin erst morgen zurück.',
      extendUrl: `${ORIGIN}/api/actions/extend?t=signed`,
      downloadPageUrl: `${ORIGIN}/r/MoreTime001`,
      clientKey: '198.51.100.7',
      ...req,
    });

  beforeAll(async () => {
    database = await migratedPostgres();
    mail = await startMailStandIn();
    running = await startNotification(database.url, { mail: smtpMailSettings(mail.smtpPort, { relayIntervalMs: 50 }) });
  });
  afterAll(async () => {
    await running?.stop();
    await mail?.dispose();
    await database?.drop();
  });

  it("mails the owner once per key, in the owner's language, with the +1 day button", async () => {
    const key = `more-time/${randomUUID()}`;
    expect((await send({ idempotencyKey: key })).res!.accepted).toBe(true);
    expect((await send({ idempotencyKey: key })).res!.accepted).toBe(false);
    await waitFor('the mail', async () => mail.store.list().some((m) => m.to.includes('owner@example.com')));
    const sent = mail.store.list().filter((m) => m.to.includes('owner@example.com'));
    expect(sent).toHaveLength(1);
    const full = (await mail.store.get(sent[0]!.id))!;
    expect(full.subject).toBe('Mehr Zeit für fotos.zip?');
    expect(full.html).toContain('+1 Tag');
    expect(full.html).toContain(`${ORIGIN}/api/actions/extend?t=signed`);
    expect(full.text).toContain('Vera hat deinen Ferry-Link');
    expect(full.text).toContain('Ich bin erst morgen zurück.');
  });

  it('refuses an action URL off the public origin and control characters', async () => {
    expect((await send({ extendUrl: 'https://evil.example/x' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await send({ requesterName: 'a\rb' })).err?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('holds the per-link daily and per-client hourly limits with Retry-After', async () => {
    const slug = 'MoreTime002';
    for (let i = 0; i < MORE_TIME_PER_LINK_PER_DAY; i++)
      expect((await send({ slug, clientKey: `203.0.113.${i}` })).err).toBeNull();
    const over = await send({ slug, clientKey: '203.0.113.99' });
    expect(over.err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(Number(over.err!.metadata.get('ferry-retry-after')[0])).toBeGreaterThan(23 * 3600);

    const client = '192.0.2.50';
    for (let i = 0; i < MORE_TIME_PER_CLIENT_PER_HOUR; i++)
      expect((await send({ slug: `MoreTimeC${String(i).padStart(2, '0')}`, clientKey: client })).err).toBeNull();
    const tooMany = await send({ slug: 'MoreTimeC99', clientKey: client });
    expect(tooMany.err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
  });
});
