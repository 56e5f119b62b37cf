import type { BillingServiceClient } from '@ferry/contracts/billing/v1';
import type { NotificationServiceClient } from '@ferry/contracts/notification/v1';
import { retryDelay } from '@ferry/rules';
import {
  claimDueRows,
  startLeasedLoop,
  unaryCall,
  type DueRowsQuery,
  type LeasedLoop,
  type Logger,
} from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import type { AccessTokenFor } from '../grants/access-token.js';
import type { OfflineGrants } from '../grants/offline-grants.js';
import type { TokenEndpoint } from '../grants/token-endpoint.js';
import type { Invalidations } from '../invalidations.js';
import type { DriveCleanup } from '../sweeper/drive-cleanup.js';
import { closeOwnerLinks, eraseOwnerLinks, ownerCodes, ownerDriveFiles } from './account-links.js';
import { nextStep, type DeletionStep } from './deletion-steps.js';

export interface DeletionLoopOptions {
  prisma: PrismaClient;
  logger: Logger;
  invalidations: Invalidations;
  drive: DriveCleanup;
  tokens: AccessTokenFor;
  grants: OfflineGrants;
  tokenEndpoint: TokenEndpoint;
  /** Drops this process's reusable access token of the owner (accessTokenSource().forget). */
  forgetAccessToken: (ownerSub: string) => void;
  billing: Pick<BillingServiceClient, 'eraseAccount'>;
  notification: Pick<NotificationServiceClient, 'eraseAccountMail' | 'sendAccountDeleted'>;
  intervalMs?: number;
  deadlineMs?: number;
  /** First retry delay of a failed step; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** While a loop works on a deletion, other replicas leave it alone this long (renewed at every step). */
  leaseMs?: number;
  /** Called after each step is recorded (tests stop a process between steps). */
  onStep?: (ownerSub: string, step: DeletionStep) => void;
  now?: () => Date;
}

export type DeletionLoop = LeasedLoop;

interface Row {
  ownerSub: string;
  ownerEmail: string;
  locale: string;
  trashFiles: boolean;
  step: string;
  requestedAt: Date;
  attempts: number;
}

const DUE: DueRowsQuery = {
  table: 'account_deletions',
  key: 'owner_sub',
  leaseColumn: 'next_attempt_at',
  due: 'finished_at IS NULL AND next_attempt_at <= $1',
  orderBy: 'requested_at',
  page: 10,
  returning: `owner_sub AS "ownerSub", owner_email AS "ownerEmail", locale, trash_files AS "trashFiles", step,
    requested_at AS "requestedAt", attempts`,
};

/** One confirmation mail per deletion. */
function deletedMailKey(row: Pick<Row, 'ownerSub' | 'requestedAt'>): string {
  return `account-deleted/${row.ownerSub}/${row.requestedAt.getTime()}`;
}

/**
 * Runs recorded account deletions to the end (account/deletion-steps.ts), like the expiry sweeper:
 * rows are leased with FOR UPDATE SKIP LOCKED, the last step done is stored after each step, and a
 * failed step keeps the row and is retried with backoff. A process killed mid-step leaves the row
 * due again when its lease ends, and the next run repeats only that step.
 */
export function startDeletionLoop(opts: DeletionLoopOptions): DeletionLoop {
  const { prisma, logger } = opts;
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? 120_000;
  const deadlineMs = opts.deadlineMs ?? 10_000;
  const backoff = {
    baseMs: opts.baseBackoffMs ?? 1_000,
    maxMs: opts.maxBackoffMs ?? 600_000,
    jitter: { min: 1, max: 1.5 },
  };

  async function handleFiles(row: Row): Promise<void> {
    const files = await ownerDriveFiles(prisma, row.ownerSub);
    if (files.length === 0) return;
    const token = await opts.tokens(row.ownerSub);
    if (token === 'no-grant' || token === 'revoked') {
      // Ferry cannot reach the drive any more: the links are closed, the files stay where the user keeps them.
      logger.info(
        { ownerSub: row.ownerSub, files: files.length, why: token },
        'account deletion: drive not reachable, files left as they are',
      );
      return;
    }
    for (const fileId of files) {
      if (!(await opts.drive.revokePublic(fileId, token))) continue;
      if (!row.trashFiles) continue;
      const place = await opts.drive.place(fileId, token);
      if (place.kind !== 'ferry') continue;
      if (!place.trashed) await opts.drive.trash(fileId, token);
      if (place.folders.length > 0) await opts.drive.trashEmptyFolders(place.folders, token);
    }
  }

  async function revokeToken(row: Row): Promise<void> {
    let refreshToken: string | undefined;
    try {
      refreshToken = await opts.grants.read(row.ownerSub);
    } catch {
      // Sealed with a key no longer configured: nothing that can be revoked; the row goes below.
    }
    if (refreshToken) await opts.tokenEndpoint.revoke(refreshToken);
    await opts.grants.delete(row.ownerSub);
    opts.forgetAccessToken(row.ownerSub);
  }

  async function run(row: Row, step: DeletionStep): Promise<void> {
    switch (step) {
      case 'links-closed': {
        // Done with the request already; repeated here for a crash between its commit and the publish.
        await closeOwnerLinks(prisma, row.ownerSub, now());
        for (const code of await ownerCodes(prisma, row.ownerSub)) opts.invalidations.publish(code);
        return;
      }
      case 'subscription-cancelled':
        await unaryCall((md, o, cb) => opts.billing.eraseAccount({ sub: row.ownerSub }, md, o, cb), { deadlineMs });
        return;
      case 'files-handled':
        return handleFiles(row);
      case 'token-revoked':
        return revokeToken(row);
      case 'data-deleted': {
        await eraseOwnerLinks(prisma, row.ownerSub, now());
        if (row.ownerEmail)
          await unaryCall(
            (md, o, cb) => opts.notification.eraseAccountMail({ sub: row.ownerSub, email: row.ownerEmail }, md, o, cb),
            { deadlineMs },
          );
        return;
      }
      case 'mail-queued':
        if (row.ownerEmail)
          await unaryCall(
            (md, o, cb) =>
              opts.notification.sendAccountDeleted(
                {
                  idempotencyKey: deletedMailKey(row),
                  email: row.ownerEmail,
                  language: row.locale,
                  filesTrashed: row.trashFiles,
                },
                md,
                o,
                cb,
              ),
            { deadlineMs },
          );
        return;
      case 'done':
        return;
    }
  }

  async function finish(row: Row): Promise<void> {
    for (let step = nextStep(row.step); step; step = nextStep(row.step)) {
      await run(row, step);
      const at = now();
      await prisma.accountDeletion.update({
        where: { ownerSub: row.ownerSub },
        data: {
          step,
          attempts: 0,
          lastError: null,
          nextAttemptAt: new Date(at.getTime() + leaseMs),
          ...(step === 'done' ? { finishedAt: at, ownerEmail: '' } : {}),
        },
      });
      row.step = step;
      opts.onStep?.(row.ownerSub, step);
      logger.info({ ownerSub: row.ownerSub, step }, 'account deletion step done');
    }
  }

  async function backOff(row: Row, err: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = retryDelay(attempts - 1, backoff);
    const message = err instanceof Error ? err.message : String(err);
    await prisma.accountDeletion.update({
      where: { ownerSub: row.ownerSub },
      data: { attempts, nextAttemptAt: new Date(now().getTime() + delay), lastError: message.slice(0, 500) },
    });
    logger.warn(
      { ownerSub: row.ownerSub, step: nextStep(row.step), attempts, retryInMs: delay, error: message.slice(0, 200) },
      'account deletion step failed; retried later',
    );
  }

  async function pass(stopping: AbortSignal): Promise<number> {
    let finished = 0;
    while (!stopping.aborted) {
      const due = await claimDueRows<Row>(prisma, DUE, now(), leaseMs);
      if (due.length === 0) break;
      for (const row of due) {
        try {
          await finish(row);
          finished++;
        } catch (err) {
          await backOff(row, err);
        }
      }
    }
    return finished;
  }

  return startLeasedLoop({ name: 'account deletion', intervalMs: opts.intervalMs ?? 15_000, logger, pass });
}
