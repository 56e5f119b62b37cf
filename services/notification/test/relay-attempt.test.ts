import { applyMigrations } from '@ferry/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.js';
import { messageIdFor, type MailSender, type OutgoingMail } from '../src/mail/transport.js';
import { startRelay } from '../src/outbox/relay.js';
import { logger, MAIL_FROM, migratedPostgres, migrationsDir } from './harness.js';

const payload = { subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', type: 'receiver', lang: 'en' };
const clock = new Date('2026-05-01T10:00:00.123Z');

const databases: Array<[string, () => Promise<{ url: string; drop(): Promise<void> }>]> = [
  ['PostgreSQL', migratedPostgres],
  [
    'PGlite',
    async () => {
      const url = 'pglite:memory:relay-attempt';
      await applyMigrations({ migrationsDir, databaseUrl: url });
      return { url, drop: async () => undefined };
    },
  ],
];

/** The relay's attempt marker and Message-ID, seen from inside the SMTP send. */
describe.each(databases)('outbox relay attempts (%s)', (_name, createDatabase) => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;

  beforeAll(async () => {
    database = await createDatabase();
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const queue = (key: string, extra: { messageId?: string; sendingSince?: Date } = {}) =>
    db.prisma.outboxMessage.create({
      data: {
        idempotencyKey: key,
        kind: 'SHARE_RECEIVER',
        to: 'bob@example.com',
        payload,
        nextAttemptAt: new Date(clock.getTime() - 1),
        ...extra,
      },
    });
  const relayWith = (sender: MailSender, from = MAIL_FROM) =>
    startRelay({
      prisma: db.prisma,
      sender,
      logger,
      from,
      now: () => clock,
      retryBaseMs: 1_000,
      retryMaxMs: 10_000,
      intervalMs: 60_000,
      leaseMs: 60_000,
    });

  it('marks the attempt with its Message-ID before SMTP, and SENT (marker cleared) once SMTP took it', async () => {
    const row = await queue('share/attempt-1/receiver/bob@example.com');
    const seenDuringSend: Array<{ sendingSince: Date | null; messageId: string | null; status: string }> = [];
    const mails: OutgoingMail[] = [];
    const relay = relayWith({
      send: async (mail) => {
        mails.push(mail);
        seenDuringSend.push(
          await db.prisma.outboxMessage.findUniqueOrThrow({
            where: { id: row.id },
            select: { sendingSince: true, messageId: true, status: true },
          }),
        );
      },
      close: () => undefined,
    });
    expect(await relay.drain()).toBe(1);
    await relay.stop();
    const expectedId = messageIdFor(row.idempotencyKey, MAIL_FROM);
    expect(mails.map((m) => [m.messageId, m.idempotencyKey])).toEqual([[expectedId, row.idempotencyKey]]);
    expect(seenDuringSend).toEqual([{ sendingSince: clock, messageId: expectedId, status: 'PENDING' }]);
    expect(await db.prisma.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'SENT',
      sentAt: clock,
      sendingSince: null,
      messageId: expectedId,
      attempts: 1,
      lastError: null,
    });
  });

  it('a SENT write the database refuses is retried until it lands, so the mail is not sent again', async () => {
    const row = await queue('share/attempt-4/receiver/bob@example.com');
    let refusals = 3;
    // The database "down" for the SENT write only: the raw UPDATE of markRows fails three times.
    const prisma = new Proxy(db.prisma, {
      get(target, key, receiver) {
        if (key === '$executeRawUnsafe')
          return (...args: unknown[]) =>
            refusals-- > 0
              ? Promise.reject(new Error("Can't reach database server"))
              : (target.$executeRawUnsafe as (...a: unknown[]) => Promise<number>)(...args);
        return Reflect.get(target, key, receiver);
      },
    });
    const mails: OutgoingMail[] = [];
    const relay = startRelay({
      prisma,
      sender: { send: async (mail) => void mails.push(mail), close: () => undefined },
      logger,
      from: MAIL_FROM,
      now: () => clock,
      retryBaseMs: 1_000,
      retryMaxMs: 10_000,
      intervalMs: 60_000,
      leaseMs: 60_000,
    });
    expect(await relay.drain()).toBe(1);
    await relay.stop();
    expect(refusals).toBe(-1);
    expect(mails).toHaveLength(1);
    expect(await db.prisma.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'SENT',
      sendingSince: null,
      attempts: 1,
    });
  });

  it('a failed attempt clears the marker and backs off', async () => {
    const row = await queue('share/attempt-2/receiver/bob@example.com');
    const relay = relayWith({
      send: async () => Promise.reject(Object.assign(new Error('451 try later'), { responseCode: 451 })),
      close: () => undefined,
    });
    expect(await relay.drain()).toBe(0);
    await relay.stop();
    expect(await db.prisma.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'PENDING',
      sendingSince: null,
      lastError: '451 try later',
      nextAttemptAt: new Date(clock.getTime() + 1_000),
    });
  });

  it('an attempt cut off mid-send goes again with the Message-ID of the first attempt, even after MAIL_FROM changed', async () => {
    const first = '<0123456789abcdef@ferry.test>';
    const row = await queue('share/attempt-3/receiver/bob@example.com', {
      messageId: first,
      sendingSince: new Date(clock.getTime() - 120_000),
    });
    const mails: OutgoingMail[] = [];
    const relay = relayWith(
      { send: async (mail) => void mails.push(mail), close: () => undefined },
      'Ferry <no-reply@elsewhere.example>',
    );
    expect(await relay.drain()).toBe(1);
    await relay.stop();
    expect(mails.map((m) => m.messageId)).toEqual([first]);
    expect(await db.prisma.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'SENT',
      messageId: first,
      sendingSince: null,
    });
  });
});
