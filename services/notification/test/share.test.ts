import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { MessageStatus, ShareEmailKind, type SendShareEmailRequest } from '@ferry/contracts/notification/v1';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callUnary,
  migratedPostgres,
  PUBLIC_ORIGIN,
  smtpMailSettings,
  startMailStandIn,
  startNotification,
  type RunningNotification,
} from './harness.js';

const ann = { sub: 'sub-ann', email: 'Ann@Example.com' };
let clock = Date.now();

function share(overrides: Partial<SendShareEmailRequest> = {}): SendShareEmailRequest {
  return {
    caller: ann,
    kind: ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
    shareRequestId: randomUUID(),
    recipients: ['bob@example.com', 'eve@example.org'],
    fileName: 'Holiday <photos>.zip',
    sizeBytes: '5368709',
    sizeLabel: '5.12 MB',
    downloadUrl: `${PUBLIC_ORIGIN}/r/AbCdEfGh12`,
    message: 'Hi both,\nhere are the photos & videos.',
    expiresAt: new Date(clock + (6 * 24 + 5) * 3_600_000 + 120_000),
    subdomain: 'ann',
    slug: 'AbCdEfGh12',
    locale: 'en-GB',
    downloadPageUrl: `${PUBLIC_ORIGIN}/r/AbCdEfGh12`,
    fileDownloadUrl: `${PUBLIC_ORIGIN}/api/d/AbCdEfGh12`,
    code: '',
    ...overrides,
  };
}

describe('share by e-mail over SMTP (mail stand-in) and PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let running: RunningNotification;

  const send = (req: SendShareEmailRequest) =>
    callUnary(running.notification.sendShareEmail.bind(running.notification), req);
  const outboxCount = () => running.db.prisma.outboxMessage.count();
  const delivered = async (n: number) => {
    await waitFor(`${n} mails in the inbox`, async () => mail.store.list().length >= n, 30_000);
    await running.server.relay.drain();
    return mail.messages();
  };

  beforeAll(async () => {
    database = await migratedPostgres();
    mail = await startMailStandIn();
    running = await startNotification(database.url, {
      mail: smtpMailSettings(mail.smtpPort, {
        limits: { maxRecipients: 50, senderPerHour: 12, recipientPerLinkPerDay: 2 },
      }),
      now: () => new Date(clock),
    });
  });
  beforeEach(async () => {
    await mail.store.clear();
    await running.db.prisma.outboxMessage.deleteMany();
    await running.db.prisma.shareRequest.deleteMany();
    clock += 2 * 24 * 3_600_000;
  });
  afterAll(async () => {
    await running?.stop();
    await mail?.dispose();
    await database?.drop();
  });

  it('mails every recipient and the uploader once, with the right headers, texts and link', async () => {
    const req = share();
    const receiver = await send(req);
    expect(receiver.err).toBeNull();
    expect(receiver.res!.messages.map((m) => m.to).sort()).toEqual(['bob@example.com', 'eve@example.org']);
    expect(
      receiver.res!.messages.every(
        (m) => m.status === MessageStatus.MESSAGE_STATUS_QUEUED || m.status === MessageStatus.MESSAGE_STATUS_SENT,
      ),
    ).toBe(true);
    const copy = await send({ ...req, kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY });
    expect(copy.err).toBeNull();
    expect(copy.res!.messages.map((m) => m.to)).toEqual(['ann@example.com']);

    const messages = await delivered(3);
    expect(messages).toHaveLength(3);
    const header = (m: (typeof messages)[number], key: string) => m.headers.find((h) => h.key === key)?.value;
    for (const to of ['bob@example.com', 'eve@example.org']) {
      const m = messages.find((x) => x.to[0] === to)!;
      expect(m.to).toEqual([to]);
      expect(m.from).toBe('no-reply@ferry.test');
      expect(m.replyTo.map((a) => a.toLowerCase())).toEqual(['ann@example.com']);
      expect(m.subject).toBe('Ann@Example.com sent you Holiday <photos>.zip');
      expect(header(m, 'x-ferry-kind')).toBe('receiver');
      expect(m.messageId).toMatch(/^<[0-9a-f]{40}@ferry\.test>$/);
      expect(m.text).toContain(`Download: ${PUBLIC_ORIGIN}/r/AbCdEfGh12`);
      expect(m.text).toContain('Size: 5.12 MB');
      expect(m.text).toContain('Available for: 6 days, 5 hours');
      expect(m.text).toContain('Message from Ann@Example.com:\nHi both,\nhere are the photos & videos.');
      expect(m.html).toContain(`href="${PUBLIC_ORIGIN}/r/AbCdEfGh12"`);
      expect(m.html).toContain('Holiday &lt;photos&gt;.zip');
      expect(m.html).toContain('Hi both,<br>here are the photos &amp; videos.');
      expect(m.html).not.toContain('<photos>');
    }
    const own = messages.find((x) => x.to[0] === 'ann@example.com')!;
    expect(header(own, 'x-ferry-kind')).toBe('start');
    expect(own.subject).toBe('You shared Holiday <photos>.zip with 2 recipients');
    expect(own.text).toContain('Recipients: bob@example.com, eve@example.org');
    expect(own.replyTo).toEqual([]);
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(3);
  });

  it('writes the uploader copy in the sender language (Dutch)', async () => {
    const req = share({ locale: 'nl-NL', recipients: ['bob@example.com'] });
    expect((await send(req)).err).toBeNull();
    expect((await send({ ...req, kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY })).err).toBeNull();
    const messages = await delivered(2);
    const own = messages.find((m) => m.to[0] === 'ann@example.com')!;
    expect(own.subject).toBe('Je hebt Holiday <photos>.zip gedeeld met 1 ontvanger');
    expect(own.text).toContain('Nog beschikbaar: 6 dagen en 5 uur');
    const receiver = messages.find((m) => m.to[0] === 'bob@example.com')!;
    expect(receiver.subject).toBe('Ann@Example.com heeft je Holiday <photos>.zip gestuurd');
  });

  it('writes Hebrew mails right-to-left and a German first-download notice with a German date', async () => {
    const req = share({ locale: 'he-IL', recipients: ['bob@example.com'] });
    expect((await send(req)).err).toBeNull();
    const notice = await callUnary(running.notification.recordFirstDownload.bind(running.notification), {
      idempotencyKey: 'first-download/de-notice-1',
      linkId: 'de-notice-1',
      slug: 'AbCdEfGh12',
      ownerEmail: 'ann@example.com',
      ownerSubdomain: 'ann',
      fileName: 'a.txt',
      sizeBytes: '3',
      downloadedAt: new Date('2026-03-04T13:05:00Z'),
      expiresAt: new Date(clock + (2 * 24 + 3) * 3_600_000 + 120_000),
      locale: 'de-AT',
    });
    expect(notice.res?.accepted).toBe(true);
    const messages = await delivered(2);
    const receiver = messages.find((m) => m.to[0] === 'bob@example.com')!;
    // The Latin file name and address are isolated inside the Hebrew sentence (FSI … PDI).
    expect(receiver.subject).toBe('קיבלתם את \u2068Holiday <photos>.zip\u2069 מאת \u2068Ann@Example.com\u2069');
    expect(receiver.html).toContain('<html lang="he" dir="rtl">');
    expect(receiver.text).toContain('זמין למשך: 6 ימים ו־5 שעות');
    const own = messages.find((m) => m.to[0] === 'ann@example.com')!;
    expect(own.subject).toBe('a.txt wurde zum ersten Mal heruntergeladen');
    expect(own.html).toContain('<html lang="de" dir="ltr">');
    expect(own.text).toContain('Heruntergeladen am: 04.03.2026, 13:05 UTC');
    expect(own.text).toContain('Verbleibende Zeit: 2 Tage, 3 Stunden');
  });

  it('labels the size in the mail language when the caller sends none: French octets, German digits', async () => {
    expect(
      (await send(share({ locale: 'fr-FR', sizeBytes: '5368709', sizeLabel: '', recipients: ['carol@example.com'] })))
        .err,
    ).toBeNull();
    expect(
      (await send(share({ locale: 'de', sizeBytes: '5368709', sizeLabel: '', recipients: ['dave@example.com'] }))).err,
    ).toBeNull();
    const messages = await delivered(2);
    expect(messages.find((m) => m.to[0] === 'carol@example.com')!.text).toContain('Taille\u00a0: 5,12 Mo');
    expect(messages.find((m) => m.to[0] === 'dave@example.com')!.text).toContain('Größe: 5,12 MB');
  });

  it('leaves the size out when it is unknown (no "0 B")', async () => {
    expect((await send(share({ sizeBytes: '0', sizeLabel: '', recipients: ['carol@example.com'] }))).err).toBeNull();
    const [mail] = await delivered(1);
    expect(mail!.text).not.toContain('Size:');
  });

  it('queues nothing twice when a share request is repeated', async () => {
    const req = share();
    await Promise.all([send(req), send(req), send(req)]);
    await send({ ...req, kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY });
    await send({ ...req, kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY });
    const messages = await delivered(3);
    expect(await outboxCount()).toBe(3);
    expect(messages).toHaveLength(3);
  });

  it('refuses bad input with INVALID_ARGUMENT and queues no mail', async () => {
    const cases: Array<[Partial<SendShareEmailRequest>, string | RegExp]> = [
      [{ recipients: [] }, 'Please enter at least one email address'],
      [{ recipients: ['a@'] }, 'Please enter at least one email address'],
      [{ recipients: ['bob@example.com\r\nBcc: x@evil.test'] }, 'Please enter at least one email address'],
      [{ recipients: ['"Bob" <bob@example.com>'] }, 'Please enter at least one email address'],
      [{ recipients: Array.from({ length: 200 }, (_, i) => `r${i}@example.com`) }, 'At most 50 recipients per e-mail'],
      [{ message: 'hello\r\nBcc: x@evil.test' }, /control characters or carriage returns/],
      [{ downloadUrl: 'https://evil.test/r/AbCdEfGh12' }, 'Unable to determine download URL.'],
      // A sender's subdomain is one label under Ferry's own host, same protocol and port.
      [{ downloadUrl: 'http://a.b.localhost:8080/AbCdEfGh12' }, 'Unable to determine download URL.'],
      [{ downloadUrl: 'http://ann.localhost:9999/AbCdEfGh12' }, 'Unable to determine download URL.'],
      [{ downloadUrl: 'https://ann.localhost:8080/AbCdEfGh12' }, 'Unable to determine download URL.'],
      [{ downloadUrl: 'http://ann.localhost.evil.test:8080/AbCdEfGh12' }, 'Unable to determine download URL.'],
      [{ downloadUrl: '' }, 'Unable to determine download URL.'],
      [{ caller: { sub: 'sub-ann', email: 'ann' } }, 'Unable to determine sender email.'],
      [{ message: 'x'.repeat(2001) }, /at most 2000 characters/],
    ];
    for (const [overrides, message] of cases) {
      const { err } = await send(share(overrides));
      expect(err?.code, JSON.stringify(overrides).slice(0, 80)).toBe(grpc.status.INVALID_ARGUMENT);
      expect(err?.details).toMatch(message);
    }
    expect((await send(share({ caller: { sub: '', email: 'ann@example.com' } }))).err?.code).toBe(
      grpc.status.UNAUTHENTICATED,
    );
    expect(await outboxCount()).toBe(0);
    expect(await running.db.prisma.shareRequest.count()).toBe(0);
  });

  it('mails a 300-character name with CR/LF and a right-to-left override, cleaned, with an encoded subject', async () => {
    const hostile = `invoice\u202Efdp.exe\r\nBcc: x@evil.test ${'long '.repeat(57)}end.pdf`;
    expect(hostile.length).toBeGreaterThan(300);
    const req = share({ fileName: hostile, recipients: ['bob@example.com'] });
    const receiver = await send(req);
    expect(receiver.err).toBeNull();
    expect((await send({ ...req, kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY })).err).toBeNull();

    const messages = await delivered(2);
    const bob = messages.find((m) => m.to[0] === 'bob@example.com')!;
    // Parsed back by the stand-in (postal-mime): one line, no override, start and extension kept.
    expect(bob.subject).toMatch(/^Ann@Example\.com sent you invoicefdp\.exe Bcc: x@evil\.test long long .*…\.pdf$/);
    expect(bob.subject).not.toMatch(/[\r\n\u202E]/);
    expect(bob.subject.length).toBeLessThanOrEqual(200);
    expect(bob.text).toContain('invoicefdp.exe Bcc: x@evil.test long');
    expect(bob.text).not.toContain('\u202E');
    expect(bob.headers.some((h) => h.key === 'bcc')).toBe(false);
    expect(messages.every((m) => m.to.length === 1 && !m.to.includes('x@evil.test'))).toBe(true);
    // nodemailer wrote the subject as RFC 2047 encoded words, not as raw text with the name's line breaks.
    const raw = (await mail.store.raw(bob.id))!.toString('utf8');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(messages.find((m) => m.to[0] === 'ann@example.com')!.subject).toMatch(
      /^You shared invoicefdp\.exe .*…\.pdf with 1 recipient$/,
    );
  });

  it('keeps another user from adding to a share request, and a copy needs its receiver mail first', async () => {
    const req = share();
    await send(req);
    expect((await send({ ...req, caller: { sub: 'sub-mallory', email: 'mallory@example.com' } })).err?.code).toBe(
      grpc.status.PERMISSION_DENIED,
    );
    expect((await send(share({ kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY }))).err?.code).toBe(
      grpc.status.FAILED_PRECONDITION,
    );
  });

  it('limits recipients per sender per hour and mails of one link per recipient per day (RESOURCE_EXHAUSTED)', async () => {
    // recipientPerLinkPerDay = 2
    expect((await send(share({ recipients: ['bob@example.com'] }))).err).toBeNull();
    expect((await send(share({ recipients: ['BOB@example.com'] }))).err).toBeNull();
    const third = await send(share({ recipients: ['bob@example.com', 'carol@example.com'] }));
    expect(third.err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(third.err?.details).toBe(
      'This link was already e-mailed to bob@example.com 2 times today. Please try again tomorrow.',
    );
    // Another link to the same recipient is fine (this one handed out on the sender's own subdomain).
    expect(
      (
        await send(
          share({
            recipients: ['bob@example.com'],
            slug: 'Other_link1',
            downloadUrl: 'http://ann.localhost:8080/Other_link1',
          }),
        )
      ).err,
    ).toBeNull();
    // senderPerHour = 12: 3 used, 9 more fit, the 10th does not.
    expect(
      (await send(share({ recipients: Array.from({ length: 9 }, (_, i) => `p${i}@example.com`) }))).err,
    ).toBeNull();
    const over = await send(share({ recipients: ['late@example.com'] }));
    expect(over.err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(over.err?.details).toBe(
      'Too many e-mails: you can send to at most 12 recipients per hour (0 left). Please try again later.',
    );
    // An hour later the sender may send again; a day later bob may get the first link again.
    clock += 61 * 60_000;
    expect((await send(share({ recipients: ['late@example.com'] }))).err).toBeNull();
    clock += 24 * 3_600_000;
    expect((await send(share({ recipients: ['bob@example.com'] }))).err).toBeNull();
    await running.server.relay.drain();
  });

  it('says in ferry-retry-after how many seconds until each limit frees', async () => {
    const retryAfter = (err: grpc.ServiceError | null | undefined) => err?.metadata.get('ferry-retry-after');
    const start = clock;
    // One link, bob: 2 mails a day (recipientPerLinkPerDay = 2), at 0 and 10 minutes.
    expect((await send(share({ recipients: ['bob@example.com'] }))).err).toBeNull();
    clock = start + 10 * 60_000;
    expect((await send(share({ recipients: ['bob@example.com'] }))).err).toBeNull();
    clock = start + 15 * 60_000;
    const daily = await send(share({ recipients: ['bob@example.com', 'carol@example.com'] }));
    expect(daily.err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    // The mail at 0 minutes leaves the day at 24 h: 24 h − 15 min from now.
    expect(retryAfter(daily.err)).toEqual([String(24 * 3600 - 15 * 60)]);

    // senderPerHour = 12: 1 (0 min) + 1 (10 min) + 10 (15 min) used.
    expect(
      (await send(share({ recipients: Array.from({ length: 10 }, (_, i) => `p${i}@example.com`) }))).err,
    ).toBeNull();
    clock = start + 20 * 60_000;
    const one = await send(share({ recipients: ['late@example.com'] }));
    expect(one.err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    // One recipient fits once the request of 0 minutes is an hour old: in 40 minutes.
    expect(retryAfter(one.err)).toEqual([String(40 * 60)]);
    // Three fit only once the ten of 15 minutes are an hour old: in 55 minutes.
    expect(
      retryAfter((await send(share({ recipients: ['a@example.com', 'b@example.com', 'c@example.com'] }))).err),
    ).toEqual([String(55 * 60)]);
    await running.server.relay.drain();
  });

  it('purges e-mail request data after 24 hours and keeps only the key of a first-download notice', async () => {
    const req = share({ recipients: ['bob@example.com'] });
    await send(req);
    await send({ ...req, kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY });
    const event = await callUnary(running.notification.recordFirstDownload.bind(running.notification), {
      idempotencyKey: 'first-download/purge-1',
      linkId: 'purge-1',
      slug: 'AbCdEfGh12',
      ownerEmail: 'ann@example.com',
      ownerSubdomain: 'ann',
      fileName: 'a.txt',
      sizeBytes: '3',
      locale: 'en',
    });
    expect(event.res?.accepted).toBe(true);
    await delivered(3);
    clock += 23 * 3_600_000;
    expect(await running.server.purge()).toEqual({ shares: 0, mails: 0, notices: 0 });
    clock += 2 * 3_600_000;
    expect(await running.server.purge()).toEqual({ shares: 1, mails: 2, notices: 1 });
    const left = await running.db.prisma.outboxMessage.findMany();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ idempotencyKey: 'first-download/purge-1', to: '', payload: {}, status: 'SENT' });
    const again = await callUnary(running.notification.recordFirstDownload.bind(running.notification), {
      idempotencyKey: 'first-download/purge-1',
      linkId: 'purge-1',
      slug: 'AbCdEfGh12',
      ownerEmail: 'ann@example.com',
      ownerSubdomain: 'ann',
      fileName: 'a.txt',
      sizeBytes: '3',
      locale: 'en',
    });
    expect(again.res).toMatchObject({ accepted: false, status: MessageStatus.MESSAGE_STATUS_SENT });
  });
});
