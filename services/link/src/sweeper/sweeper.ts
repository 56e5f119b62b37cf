import { retryDelay } from '@ferry/rules';
import { claimDueRows, startLeasedLoop, type DueRowsQuery, type LeasedLoop, type Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { isTransient } from '../drive/drive-errors.js';
import type { AccessTokenFor } from '../grants/access-token.js';
import { blockedAccessPass } from './blocked-access.js';
import { DriveCallError, type DriveCleanup } from './drive-cleanup.js';
import { ownerPace } from './owner-pace.js';

export interface SweeperOptions {
  prisma: PrismaClient;
  drive: DriveCleanup;
  /** The owner's Drive access token while they are away (grants/access-token.ts in production). */
  tokens: AccessTokenFor;
  logger: Logger;
  /** Poll period; at most 30 s keeps the "gone within 60 s of expiry" promise. */
  intervalMs?: number;
  /** Minimum gap between two Drive calls of one owner (per process). */
  ownerGapMs?: number;
  /** First backoff after a rate limit or a drive error; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long rows of an owner without a usable grant wait before they are tried again. */
  noGrantRetryMs?: number;
  /** While a sweeper works on a row, other replicas leave it alone this long (a crashed sweeper's rows wait it out). */
  leaseMs?: number;
  /** How long a blocked or restored link's row waits after a drive error (or the drive's longer Retry-After). */
  accessRetryMs?: number;
  /** Called after a cleanup notice was written (the notice relay sends it). */
  onNotice?: () => void;
  now?: () => Date;
}

/** poke() sweeps now instead of at the next tick; runOnce() resolves with how many links were finished. */
export interface Sweeper extends LeasedLoop {
  /** The owner has a grant again (signed in): their waiting rows are due now. */
  ownerGranted(ownerSub: string): Promise<void>;
  /** A pass in `ms` (a used-up link's file once its last download is under way); the interval remains the fallback. */
  pokeIn(ms: number): void;
}

/** Steps recorded in links.sweep_step: revoked, then trashed; "missing" and "moved" end a sweep early. */
export type SweepStep = 'revoked' | 'trashed' | 'missing' | 'moved';

/** links.sweep_error of rows that wait for their owner to sign in (or grant access) again. */
export const WAITING_FOR_GRANT = 'waiting for a drive grant';

const OWNERS_AT_ONCE = 8;

/** Each branch of the OR has its own index ((removed_at, expires_at), (removed_at, deleted_at)), so a pass reads the due rows, not every active link. */
const DUE_LINKS: DueRowsQuery = {
  table: 'links',
  key: 'id',
  leaseColumn: 'sweep_next_at',
  due: `((removed_at IS NULL AND expires_at <= $1) OR (removed_at IS NULL AND deleted_at IS NOT NULL))
      AND (sweep_next_at IS NULL OR sweep_next_at <= $1)`,
  orderBy: 'expires_at',
  page: 25,
  returning: `id, slug, drive_file_id AS "driveFileId", owner_sub AS "ownerSub", owner_email AS "ownerEmail",
    owner_locale AS "ownerLocale", sweep_step AS "sweepStep", sweep_attempts AS "sweepAttempts",
    file_count AS "fileCount"`,
};

interface Row {
  id: string;
  slug: string;
  driveFileId: string;
  ownerSub: string;
  ownerEmail: string;
  ownerLocale: string;
  sweepStep: SweepStep | null;
  sweepAttempts: number;
  /** A transfer's file count: its files were shared one by one, and each is made private too. */
  fileCount: number;
}

/**
 * Removes expired, used-up and deleted links' files from their owners' drives, server-side: (1) the
 * `anyone` permission goes, (2) the file goes to the owner's trash (a folder upload's folder too,
 * once its last file has gone), (3) the link is marked removed. The step reached is stored per
 * link, so a crash between steps repeats only what is harmless (listing permissions, reading the
 * file). Rows are leased with FOR UPDATE SKIP LOCKED, so replicas never work on the same link.
 * Each pass then brings blocked and restored links' files in line (blocked-access.ts).
 */
export function startSweeper(opts: SweeperOptions): Sweeper {
  const { prisma, drive, tokens, logger } = opts;
  const intervalMs = opts.intervalMs ?? 15_000;
  const baseBackoffMs = opts.baseBackoffMs ?? 2_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 600_000;
  const noGrantRetryMs = opts.noGrantRetryMs ?? 6 * 3_600_000;
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? 120_000;
  const pace = ownerPace(opts.ownerGapMs ?? 100);
  const blockedAccess = blockedAccessPass({
    prisma,
    drive,
    tokens,
    logger,
    now,
    pace,
    leaseMs,
    retryMs: opts.accessRetryMs ?? 60_000,
    noGrantRetryMs,
  });
  const timers = new Set<NodeJS.Timeout>();

  const save = (
    row: Row,
    data: {
      sweepStep?: SweepStep;
      removedAt?: Date;
      sweepNextAt?: Date;
      sweepAttempts?: number;
      sweepError?: string | null;
    },
  ) => prisma.link.update({ where: { id: row.id }, data });

  /** Runs the remaining steps of one link. */
  async function sweepLink(row: Row, token: string): Promise<void> {
    let step = row.sweepStep;
    if (step === null) {
      // A transfer: no file stays public once its folder is gone (a file keeps its own permission).
      if (row.fileCount > 0) {
        const files = await prisma.linkFile.findMany({
          where: { linkId: row.id },
          select: { driveFileId: true },
          orderBy: { index: 'asc' },
        });
        for (const f of files) {
          await pace(row.ownerSub);
          await drive.revokePublic(f.driveFileId, token);
        }
      }
      await pace(row.ownerSub);
      const found = await drive.revokePublic(row.driveFileId, token);
      step = found ? 'revoked' : 'missing';
      await save(row, { sweepStep: step });
    }
    if (step === 'revoked') {
      await pace(row.ownerSub);
      const place = await drive.place(row.driveFileId, token);
      if (place.kind === 'ferry') {
        if (!place.trashed) {
          await pace(row.ownerSub);
          await drive.trash(row.driveFileId, token);
        }
        if (place.folders.length > 0) await drive.trashEmptyFolders(place.folders, token);
        step = 'trashed';
      } else {
        step = place.kind === 'missing' ? 'missing' : 'moved';
      }
      await save(row, { sweepStep: step });
    }
    await save(row, { removedAt: now(), sweepError: null });
    logger.info({ slug: row.slug, step }, 'expired link removed from the drive');
  }

  async function backOff(row: Row, err: unknown): Promise<void> {
    const failure = err instanceof DriveCallError ? err.failure : undefined;
    const attempts = row.sweepAttempts + 1;
    const delay = retryDelay(
      attempts - 1,
      { baseMs: baseBackoffMs, maxMs: maxBackoffMs, jitter: { min: 1, max: 1.5 } },
      failure?.retryAfterMs,
    );
    const message = err instanceof Error ? err.message : String(err);
    await save(row, {
      sweepAttempts: attempts,
      sweepNextAt: new Date(now().getTime() + delay),
      sweepError: message.slice(0, 500),
    });
    logger.warn({ slug: row.slug, attempts, retryInMs: delay, status: failure?.status }, 'sweep of a link deferred');
  }

  /** No usable grant: the rows wait (their steps kept), and the owner gets one notice per episode. */
  async function awaitGrant(rows: Row[], why: 'no-grant' | 'revoked'): Promise<void> {
    const first = rows[0]!;
    await prisma.link.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { sweepNextAt: new Date(now().getTime() + noGrantRetryMs), sweepError: WAITING_FOR_GRANT },
    });
    const created = await prisma.cleanupNotice.createMany({
      data: [
        {
          ownerSub: first.ownerSub,
          ownerEmail: first.ownerEmail,
          locale: first.ownerLocale,
          createdAt: now(),
          nextAttemptAt: now(),
        },
      ],
      skipDuplicates: true,
    });
    logger.info(
      { ownerSub: first.ownerSub, links: rows.length, why, noticeWritten: created.count === 1 },
      'expired links wait for the owner to grant access',
    );
    if (created.count === 1) opts.onNotice?.();
  }

  async function sweepOwner(rows: Row[]): Promise<number> {
    let token: Awaited<ReturnType<AccessTokenFor>>;
    try {
      token = await tokens(rows[0]!.ownerSub);
    } catch (err) {
      // The identity provider is unreachable: every row of this owner waits a little.
      for (const row of rows) await backOff(row, err);
      return 0;
    }
    if (token === 'no-grant' || token === 'revoked') {
      await awaitGrant(rows, token);
      return 0;
    }
    let done = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      try {
        await sweepLink(row, token);
        done++;
      } catch (err) {
        const failure = err instanceof DriveCallError ? err.failure : undefined;
        if (failure?.status === 401) {
          await awaitGrant(rows.slice(i), 'revoked');
          return done;
        }
        await backOff(row, err);
        // A busy drive: this owner's other rows wait too (released now, taken again next pass).
        if (!failure || isTransient(failure)) {
          await prisma.link.updateMany({
            where: { id: { in: rows.slice(i + 1).map((r) => r.id) } },
            data: { sweepNextAt: new Date(now().getTime() + baseBackoffMs) },
          });
          return done;
        }
      }
    }
    // A successful sweep ends an owner's "please sign in" episode: a later one gets a new notice.
    await prisma.cleanupNotice.deleteMany({ where: { ownerSub: rows[0]!.ownerSub, relayedAt: { not: null } } });
    return done;
  }

  async function pass(stopping: AbortSignal): Promise<number> {
    let finished = 0;
    while (!stopping.aborted) {
      const due = await claimDueRows<Row>(prisma, DUE_LINKS, now(), leaseMs);
      if (due.length === 0) break;
      const byOwner = new Map<string, Row[]>();
      for (const r of due) byOwner.set(r.ownerSub, [...(byOwner.get(r.ownerSub) ?? []), r]);
      const groups = [...byOwner.values()];
      for (let i = 0; i < groups.length; i += OWNERS_AT_ONCE) {
        const counts = await Promise.all(groups.slice(i, i + OWNERS_AT_ONCE).map(sweepOwner));
        finished += counts.reduce((a, b) => a + b, 0);
      }
    }
    if (!stopping.aborted) finished += await blockedAccess(stopping);
    return finished;
  }

  const loop = startLeasedLoop({ name: 'sweep', intervalMs, logger, pass });
  return {
    ...loop,
    pokeIn(ms) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        loop.poke();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await loop.stop();
    },
    async ownerGranted(ownerSub) {
      try {
        await prisma.link.updateMany({
          where: { ownerSub, removedAt: null, sweepError: WAITING_FOR_GRANT },
          data: { sweepNextAt: now() },
        });
        await prisma.link.updateMany({
          where: { ownerSub, removedAt: null, accessDueAt: { not: null } },
          data: { accessDueAt: now() },
        });
      } catch (err) {
        logger.warn({ error: (err as Error).message }, 'could not make waiting links due; the next retry takes them');
        return;
      }
      void loop.runOnce();
    },
  };
}
