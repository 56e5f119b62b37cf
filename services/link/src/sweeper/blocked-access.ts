import { claimDueRows, type DueRowsQuery, type Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { isBlocked } from '../domain/standing.js';
import type { AccessTokenFor } from '../grants/access-token.js';
import { DriveCallError, type DriveCleanup } from './drive-cleanup.js';

export interface BlockedAccessOptions {
  prisma: PrismaClient;
  drive: DriveCleanup;
  tokens: AccessTokenFor;
  logger: Logger;
  now: () => Date;
  /** The sweeper's spacing of one owner's Drive calls. */
  pace: (ownerSub: string) => Promise<void>;
  leaseMs: number;
  /** How long a row waits after a drive error (or the drive's longer Retry-After). */
  retryMs: number;
  /** How long a row waits when its owner has no usable grant (a new grant makes it due at once). */
  noGrantRetryMs: number;
}

/**
 * Rows whose file's public access may differ from their link's: an administrator disabled or
 * restored the link, or suspended or restored its owner (`access_due_at` set in the same transaction).
 */
const DUE: DueRowsQuery = {
  table: 'links',
  key: 'id',
  leaseColumn: 'access_due_at',
  due: 'access_due_at IS NOT NULL AND access_due_at <= $1',
  orderBy: 'access_due_at',
  page: 25,
  returning: `id, slug, drive_file_id AS "driveFileId", owner_sub AS "ownerSub", file_count AS "fileCount",
    access_due_at AS "leaseUntil", unshared_at IS NOT NULL AS "unshared",
    (disabled_at IS NOT NULL OR owner_suspended_at IS NOT NULL) AS "blocked",
    (deleted_at IS NULL AND removed_at IS NULL AND expires_at > $1) AS "live"`,
};

interface Row {
  id: string;
  slug: string;
  driveFileId: string;
  ownerSub: string;
  fileCount: number;
  leaseUntil: Date;
  unshared: boolean;
  blocked: boolean;
  live: boolean;
}

/**
 * Issue 26: a blocked link's file stops being served by the drive too. A blocked, live link's file
 * (each file of a transfer, then its folder) loses its `anyone` permission; once the link is
 * restored while still live, the file gets it back. A link that is no longer live is left to the
 * expiry sweep, which revokes and trashes it anyway. Returns one pass over the due rows.
 */
export function blockedAccessPass(opts: BlockedAccessOptions): (stopping: AbortSignal) => Promise<number> {
  const { prisma, drive, tokens, logger, now, pace } = opts;

  /** The drive ids of a link's files: a transfer's files (each was shared on its own), then the link's file or folder. */
  async function filesOf(row: Row): Promise<string[]> {
    const files =
      row.fileCount > 0
        ? await prisma.linkFile.findMany({
            where: { linkId: row.id },
            select: { driveFileId: true },
            orderBy: { index: 'asc' },
          })
        : [];
    return [...files.map((f) => f.driveFileId), row.driveFileId];
  }

  /**
   * Done with a row: its drive state stored, and the lease cleared, unless the link was blocked or
   * restored meanwhile (then it is due again, and the next pass acts on what it is now).
   */
  async function finish(row: Row, unsharedAt: Date | null | undefined): Promise<void> {
    if (unsharedAt !== undefined) await prisma.link.update({ where: { id: row.id }, data: { unsharedAt } });
    const after = await prisma.link.findUnique({ where: { id: row.id } });
    if (after && isBlocked(after) !== row.blocked)
      await prisma.link.update({ where: { id: row.id }, data: { accessDueAt: now() } });
    else
      await prisma.link.updateMany({
        where: { id: row.id, accessDueAt: row.leaseUntil },
        data: { accessDueAt: null },
      });
  }

  /** Revoking again is harmless (it lists the permissions first), so a blocked link's file is always made private. */
  async function revoke(row: Row, token: string): Promise<void> {
    for (const fileId of await filesOf(row)) {
      await pace(row.ownerSub);
      await drive.revokePublic(fileId, token);
    }
    await finish(row, row.unshared ? undefined : now());
    logger.info({ slug: row.slug }, 'blocked link: its file is no longer public on the drive');
  }

  async function share(row: Row, token: string): Promise<void> {
    const files = (await filesOf(row)).reverse();
    for (const fileId of files) {
      await pace(row.ownerSub);
      await drive.sharePublic(fileId, token);
    }
    await finish(row, null);
    // The link may have expired or been deleted while its file was shared: then it is private again.
    const after = await prisma.link.findUnique({ where: { id: row.id } });
    if (!after || after.deletedAt || after.removedAt || after.expiresAt <= now()) {
      for (const fileId of files) await drive.revokePublic(fileId, token);
      return;
    }
    logger.info({ slug: row.slug }, 'restored link: its file is public on the drive again');
  }

  async function later(rows: Row[], ms: number, why: string): Promise<void> {
    await prisma.link.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { accessDueAt: new Date(now().getTime() + ms) },
    });
    logger.warn({ slugs: rows.map((r) => r.slug), retryInMs: ms, why }, 'blocked link access deferred');
  }

  async function owner(rows: Row[]): Promise<number> {
    let token: Awaited<ReturnType<AccessTokenFor>>;
    try {
      token = await tokens(rows[0]!.ownerSub);
    } catch (err) {
      await later(rows, opts.retryMs, (err as Error).message);
      return 0;
    }
    if (token === 'no-grant' || token === 'revoked') {
      await later(rows, opts.noGrantRetryMs, 'waiting for a drive grant');
      return 0;
    }
    let done = 0;
    for (const [i, row] of rows.entries()) {
      try {
        if (row.live && row.blocked) await revoke(row, token);
        else if (row.live && row.unshared) await share(row, token);
        else await finish(row, undefined);
        done++;
      } catch (err) {
        const failure = err instanceof DriveCallError ? err.failure : undefined;
        const rest = rows.slice(i);
        if (failure?.status === 401) await later(rest, opts.noGrantRetryMs, 'the drive refused the grant');
        else await later(rest, Math.max(opts.retryMs, failure?.retryAfterMs ?? 0), (err as Error).message);
        return done;
      }
    }
    return done;
  }

  return async (stopping) => {
    let finished = 0;
    while (!stopping.aborted) {
      const due = await claimDueRows<Row>(prisma, DUE, now(), opts.leaseMs);
      if (due.length === 0) break;
      const byOwner = new Map<string, Row[]>();
      for (const r of due) byOwner.set(r.ownerSub, [...(byOwner.get(r.ownerSub) ?? []), r]);
      const counts = await Promise.all([...byOwner.values()].map(owner));
      finished += counts.reduce((a, b) => a + b, 0);
    }
    return finished;
  };
}
