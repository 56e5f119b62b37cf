import * as grpc from '@grpc/grpc-js';
import { AccountNoticeKind, type SendAccountNoticeRequest } from '@ferry/contracts/notification/v1';
import { SUPPORTED_LANGUAGES } from '@ferry/rules';
import { waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNoticeStrings, type AccountNoticeType } from '../src/mail/account-notice-strings.js';
import { renderAccountNotice } from '../src/mail/templates.js';
import {
  callUnary,
  migratedPostgres,
  PUBLIC_ORIGIN,
  smtpMailSettings,
  startMailStandIn,
  startNotification,
  type RunningNotification,
} from './harness.js';

const TRIAL_END = new Date('2027-02-20T12:00:00.000Z');
const kinds: Array<[AccountNoticeKind, AccountNoticeType]> = [
  [AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS, 'trial-ends-in-7-days'],
  [AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_1_DAY, 'trial-ends-in-1-day'],
  [AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDED, 'trial-ended'],
];

describe("SendAccountNotice: billing's trial reminders", () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailStandIn>>;
  let running: RunningNotification;
  const send = (req: Partial<SendAccountNoticeRequest>) =>
    callUnary(running.notification.sendAccountNotice.bind(running.notification), {
      idempotencyKey: `trial-ends-in-7-days/sub-ann/${TRIAL_END.getTime()}`,
      kind: AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS,
      email: 'ann@example.com',
      language: 'en',
      trialEndsAt: TRIAL_END,
      accountUrl: `${PUBLIC_ORIGIN}/account`,
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

  it("mails each reminder once per key, in the account's language, with the link to the plans", async () => {
    for (const [kind, type] of kinds) {
      const req = {
        idempotencyKey: `${type}/sub-vera/${TRIAL_END.getTime()}`,
        kind,
        email: ' Vera@Example.com ',
        language: 'de-AT',
      };
      const first = await send(req);
      expect(first.err).toBeNull();
      expect(first.res!.accepted).toBe(true);
      expect((await send(req)).res!.accepted).toBe(false);
    }
    await waitFor(
      'three reminders in the inbox',
      async () => mail.store.list().filter((m) => m.to.includes('vera@example.com')).length >= 3,
      15_000,
    );
    await waitFor(
      'every outbox row sent',
      async () =>
        (await running.db.prisma.outboxMessage.count({ where: { kind: 'ACCOUNT_NOTICE', status: 'SENT' } })) === 3,
      15_000,
    );
    const inbox = (await mail.messages()).filter((m) => m.to.includes('vera@example.com'));
    expect(inbox.map((m) => m.subject).sort()).toEqual(
      [
        'Deine Ferry-Testphase endet in 7 Tagen',
        'Deine Ferry-Testphase endet morgen',
        'Deine Ferry-Testphase ist beendet',
      ].sort(),
    );
    for (const m of inbox) {
      expect(m.text).toContain('20. Februar 2027');
      expect(m.text).toContain(`${PUBLIC_ORIGIN}/account`);
      expect(m.html).toContain(`href="${PUBLIC_ORIGIN}/account"`);
    }
    const kindsSent = inbox.map((m) => m.headers.find((h) => h.key.toLowerCase() === 'x-ferry-kind')?.value).sort();
    expect(kindsSent).toEqual(['trial-ended', 'trial-ends-in-1-day', 'trial-ends-in-7-days']);
  });

  it('refuses a key of another kind, a bad address, a foreign link or a missing date', async () => {
    const bad = async (req: Partial<SendAccountNoticeRequest>) => (await send(req)).err?.code;
    expect(await bad({ idempotencyKey: `trial-ended/sub-ann/${TRIAL_END.getTime()}` })).toBe(
      grpc.status.INVALID_ARGUMENT,
    );
    expect(await bad({ kind: AccountNoticeKind.ACCOUNT_NOTICE_KIND_UNSPECIFIED })).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await bad({ email: 'not an address' })).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await bad({ accountUrl: 'https://evil.example/account' })).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await bad({ trialEndsAt: undefined })).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await running.db.prisma.outboxMessage.count({ where: { to: 'ann@example.com' } })).toBe(0);
  });

  it('has every text in all 17 languages, right to left in Arabic and Hebrew', () => {
    expect(Object.keys(accountNoticeStrings).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const lang of SUPPORTED_LANGUAGES) {
      for (const [, type] of kinds) {
        const m = renderAccountNotice({
          lang,
          type,
          trialEndsAt: TRIAL_END,
          accountUrl: `${PUBLIC_ORIGIN}/account`,
          year: 2027,
        });
        expect(m.subject.length, `${lang} ${type}`).toBeGreaterThan(5);
        if (lang !== 'en')
          expect(m.subject, `${lang} ${type} is translated`).not.toBe(accountNoticeStrings.en.subject[type]);
        expect(m.text).toContain(`${PUBLIC_ORIGIN}/account`);
        expect(m.html).toContain(`dir="${lang === 'ar' || lang === 'he' ? 'rtl' : 'ltr'}"`);
      }
    }
  });
});
