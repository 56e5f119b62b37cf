import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keyPem, testCallerKeys } from '@ferry/service-kit/testing';
import { freePort } from '@ferry/testkit';
import { openDatabase, type Database } from '../src/db.js';
import { firstDownloadIdempotencyKey, shareIdempotencyKey } from '../src/domain/outbox.js';
import {
  renderFirstDownloadNotice,
  renderReceiverMail,
  renderUploaderCopy,
  type ShareMailData,
} from '../src/mail/templates.js';
import { messageIdFor } from '../src/mail/transport.js';
import type { OutboxPayload } from '../src/outbox/payload.js';
import { serviceDir } from './generate.global-setup.js';
import { MAIL_FROM, migratedPostgres, PUBLIC_ORIGIN, startMailStandIn } from './harness.js';

/**
 * The relay's kill drill: rounds of "queue mails, start the real service process (dist/main.js)
 * against the mail stand-in, SIGKILL it at a random moment while it relays, restart it, let it
 * drain", then what the SMTP side received is counted per Message-ID.
 */
export interface DrillOptions {
  rounds: number;
  mailsPerRound: number;
  log?: (line: string) => void;
}

export interface RoundResult {
  queued: number;
  /** Mails the SMTP side had received when the process was killed. */
  receivedBeforeKill: number;
  /** Rows whose attempt was cut off by the kill (lease marker set, not SENT). */
  inDoubt: number;
  /** Relay rate before the kill, mails per second. */
  mailsPerSecond: number;
  lost: number;
  duplicates: number;
}

export interface DrillResult {
  rounds: RoundResult[];
  total: number;
  lost: number;
  duplicates: number;
  /** Duplicates per 1,000 mails. */
  perThousand: number;
  /**
   * How long the SMTP side took to spool a message before its 250, ms (median, 90th percentile):
   * part of the duplicate window that no client can shorten.
   */
  smtpCommitMs: { p50: number; p90: number };
}

const mainJs = join(serviceDir, 'dist/main.js');

/** Polls `probe` every `everyMs` until it is true; its errors end the wait at once. */
async function until(
  what: string,
  probe: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
/** A row cut off by the kill is sent again after its lease: 2 × this. */
const SEND_TIMEOUT_MS = 1_000;

/** `mails` outbox rows of the three kinds (shares of 3 recipients + the uploader copy, first-download notices). */
function outboxRows(mails: number, at: Date) {
  const rows: Array<{
    idempotencyKey: string;
    kind: 'SHARE_RECEIVER' | 'SHARE_UPLOADER_COPY' | 'FIRST_DOWNLOAD';
    to: string;
    payload: object;
    nextAttemptAt: Date;
    createdAt: Date;
  }> = [];
  const row = (idempotencyKey: string, kind: (typeof rows)[number]['kind'], to: string, payload: OutboxPayload) =>
    rows.push({ idempotencyKey, kind, to, payload, nextAttemptAt: at, createdAt: at });
  while (rows.length < mails) {
    const id = randomUUID();
    if (rows.length % 5 === 4) {
      const notice = renderFirstDownloadNotice({
        lang: 'en',
        fileName: 'report.pdf',
        sizeLabel: '3 MB',
        expiresIn: '3 days',
        link: `${PUBLIC_ORIGIN}/r/Drill_${id.slice(0, 8)}`,
        downloadedAt: at.toISOString(),
        year: 2026,
      });
      row(firstDownloadIdempotencyKey(id), 'FIRST_DOWNLOAD', 'owner@example.com', {
        ...notice,
        type: 'first-download',
        lang: 'en',
      });
      continue;
    }
    const recipients = ['a', 'b', 'c'].map((p) => `${p}-${id.slice(0, 8)}@example.com`);
    const data: ShareMailData = {
      lang: 'en',
      senderEmail: 'sender@example.com',
      fileName: 'slides.key',
      sizeLabel: '12 MB',
      downloadUrl: `${PUBLIC_ORIGIN}/r/Drill_${id.slice(0, 8)}`,
      expiresIn: '7 days',
      message: 'Here you go',
      year: 2026,
      recipients,
    };
    for (const to of recipients.slice(0, Math.min(3, mails - rows.length - 1) || 1)) {
      row(shareIdempotencyKey(id, 'receiver', to), 'SHARE_RECEIVER', to, {
        ...renderReceiverMail(data),
        replyTo: data.senderEmail,
        type: 'receiver',
        lang: 'en',
      });
    }
    if (rows.length < mails)
      row(shareIdempotencyKey(id, 'uploader-copy', data.senderEmail), 'SHARE_UPLOADER_COPY', data.senderEmail, {
        ...renderUploaderCopy(data),
        type: 'start',
        lang: 'en',
      });
  }
  return rows.slice(0, mails);
}

export async function runRelayKillDrill(options: DrillOptions): Promise<DrillResult> {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build -w @ferry/notification first`);
  const log = options.log ?? (() => undefined);
  const database = await migratedPostgres();
  const mail = await startMailStandIn();
  let db: Database | undefined;
  let child: ChildProcess | undefined;
  const start = async () => {
    const port = await freePort();
    const proc = spawn(process.execPath, [mainJs], {
      cwd: serviceDir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NOTIFICATION_PORT: String(port),
        NOTIFICATION_DATABASE_URL: database.url,
        SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
        MAIL_FROM,
        PUBLIC_ORIGIN,
        SHARE_MAX_RECIPIENTS: '50',
        SHARE_LIMIT_SENDER_PER_HOUR: '100',
        SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY: '3',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '500',
        MAIL_RELAY_INTERVAL_MS: '100',
        MAIL_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
        LOG_LEVEL: 'error',
        GATEWAY_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().gateway.publicKey),
        LINK_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().link.publicKey),
        BILLING_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().billing.publicKey),
      },
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    proc.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') log(`notification exited (${code ?? signal}): ${stderr}`);
    });
    child = proc;
  };
  const kill = async () => {
    const c = child!;
    c.kill('SIGKILL');
    if (c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  };
  const received = () => mail.store.list();
  const commitMs: number[] = [];
  const store = mail.store;
  const spool = store.spool.bind(store);
  store.spool = (raw, envelope) => {
    const started = performance.now();
    const spooled = spool(raw, envelope);
    commitMs.push(performance.now() - started);
    return spooled;
  };

  try {
    db = await openDatabase(database.url);
    const rounds: RoundResult[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      await mail.store.clear();
      const rows = outboxRows(options.mailsPerRound, new Date());
      await db.prisma.outboxMessage.createMany({ data: rows });
      const keys = rows.map((r) => r.idempotencyKey);

      // Killed once a random share of the round has arrived, plus a random part of the mean gap
      // between mails, so the kill is not tied to one mail's arrival.
      const killAfter = 1 + Math.floor(Math.random() * (options.mailsPerRound - 20));
      await start();
      let firstAt = 0;
      await until(
        'the relay to be mid-round',
        () => {
          const n = received().length;
          if (n > 0 && firstAt === 0) firstAt = performance.now();
          if (child!.exitCode !== null) throw new Error('the notification process exited');
          return n >= killAfter;
        },
        60_000,
        1,
      );
      const n = received().length;
      const meanGapMs = n > 1 ? (performance.now() - firstAt) / (n - 1) : 1;
      await new Promise((r) => setTimeout(r, Math.random() * meanGapMs));
      await kill();
      const receivedBeforeKill = received().length;
      const inDoubt = await db.prisma.outboxMessage.count({
        where: { idempotencyKey: { in: keys }, status: 'PENDING', sendingSince: { not: null } },
      });

      await start();
      await until(
        'the round to drain',
        async () =>
          (await db!.prisma.outboxMessage.count({
            where: { idempotencyKey: { in: keys }, status: { not: 'SENT' } },
          })) === 0,
        60_000,
        50,
      );
      await kill();

      await mail.store.settled();
      const byMessageId = new Map<string, number>();
      for (const m of received()) byMessageId.set(m.messageId, (byMessageId.get(m.messageId) ?? 0) + 1);
      let lost = 0;
      let duplicates = 0;
      for (const key of keys) {
        const count = byMessageId.get(messageIdFor(key, MAIL_FROM)) ?? 0;
        if (count === 0) lost++;
        else duplicates += count - 1;
      }
      const result = {
        queued: rows.length,
        receivedBeforeKill,
        inDoubt,
        mailsPerSecond: 1000 / meanGapMs,
        lost,
        duplicates,
      };
      rounds.push(result);
      log(
        `round ${round}: ${result.queued} queued, killed after ${receivedBeforeKill} arrived at ${result.mailsPerSecond.toFixed(0)} mails/s (${inDoubt} in doubt), lost ${lost}, duplicates ${duplicates}`,
      );
    }
    const total = rounds.reduce((s, r) => s + r.queued, 0);
    const lost = rounds.reduce((s, r) => s + r.lost, 0);
    const duplicates = rounds.reduce((s, r) => s + r.duplicates, 0);
    commitMs.sort((a, b) => a - b);
    const percentile = (p: number) => commitMs[Math.floor(p * (commitMs.length - 1))] ?? 0;
    return {
      rounds,
      total,
      lost,
      duplicates,
      perThousand: (duplicates * 1000) / total,
      smtpCommitMs: { p50: percentile(0.5), p90: percentile(0.9) },
    };
  } finally {
    child?.kill('SIGKILL');
    await db?.close();
    await mail.dispose();
    await database.drop();
  }
}

export function drillSummary(result: DrillResult): string {
  return `mail kill drill: ${result.rounds.length} kills, ${result.total} mails, lost ${result.lost}, duplicates ${result.duplicates} (${result.perThousand.toFixed(2)} per 1,000); the SMTP side spooled a message in ${result.smtpCommitMs.p50.toFixed(2)} ms (p50) / ${result.smtpCommitMs.p90.toFixed(2)} ms (p90) before its 250`;
}
