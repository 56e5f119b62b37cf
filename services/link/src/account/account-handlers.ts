import * as grpc from '@grpc/grpc-js';
import {
  AccountDeletionStep,
  type AccountDeletion as AccountDeletionMessage,
  type LinkServiceServer,
} from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import type { AccountDeletion } from '../generated/prisma/client.js';
import type { HandlerDeps } from '../handlers/deps.js';
import { requireCaller } from '../handlers/link-message.js';
import { timeZoneArg } from '../stats/link-stats.js';
import { closeOwnerLinks, ownerCodes } from './account-links.js';
import type { DeletionStep } from './deletion-steps.js';
import { cutOffSessions } from './session-cutoffs.js';

const STEP: Record<DeletionStep | '', AccountDeletionStep> = {
  '': AccountDeletionStep.ACCOUNT_DELETION_STEP_UNSPECIFIED,
  'links-closed': AccountDeletionStep.ACCOUNT_DELETION_STEP_LINKS_CLOSED,
  'subscription-cancelled': AccountDeletionStep.ACCOUNT_DELETION_STEP_SUBSCRIPTION_CANCELLED,
  'files-handled': AccountDeletionStep.ACCOUNT_DELETION_STEP_FILES_TRASHED,
  'token-revoked': AccountDeletionStep.ACCOUNT_DELETION_STEP_TOKEN_REVOKED,
  'data-deleted': AccountDeletionStep.ACCOUNT_DELETION_STEP_DATA_DELETED,
  'mail-queued': AccountDeletionStep.ACCOUNT_DELETION_STEP_MAIL_QUEUED,
  done: AccountDeletionStep.ACCOUNT_DELETION_STEP_DONE,
};

function toMessage(row: AccountDeletion): AccountDeletionMessage {
  return {
    step: STEP[row.step as DeletionStep] ?? AccountDeletionStep.ACCOUNT_DELETION_STEP_UNSPECIFIED,
    trashFiles: row.trashFiles,
    requestedAt: row.requestedAt,
    finishedAt: row.finishedAt ?? undefined,
    attempts: row.attempts,
  };
}

/** BCP 47 language tag as the screens send it; anything else mails in English. */
const localeArg = (value: string) => (/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8}){0,3}$/.test(value) ? value : '');

/** The signed-in user's own data: its export, and the deletion of the account. */
export function accountHandlers(
  deps: HandlerDeps,
): Pick<LinkServiceServer, 'exportMyLinks' | 'deleteMyAccount' | 'getAccountDeletion'> {
  const { prisma, logger, now } = deps;

  return {
    exportMyLinks: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const zone = timeZoneArg(req.timeZone || 'UTC');
      const links = await prisma.link.findMany({
        where: { ownerSub: caller.sub },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: { shortCodes: { select: { code: true } } },
      });
      const ids = links.map((l) => l.id);
      const days =
        ids.length === 0
          ? []
          : await prisma.$queryRawUnsafe<Array<{ linkId: string; date: string; downloads: string }>>(
              `SELECT link_id::text AS "linkId", to_char(bucket_start AT TIME ZONE $2, 'YYYY-MM-DD') AS date,
                 sum(downloads)::text AS downloads
               FROM link_download_buckets WHERE link_id = ANY($1::uuid[]) GROUP BY 1, 2 ORDER BY 1, 2`,
              ids,
              zone,
            );
      return {
        links: links.map((l) => ({
          slug: l.slug,
          fileName: l.fileName,
          sizeBytes: l.sizeBytes.toString(),
          createdAt: l.createdAt,
          expiresAt: l.expiresAt,
          deletedAt: l.deletedAt ?? undefined,
          downloadCount: l.downloadCount.toString(),
          shortCodes: l.shortCodes.map((c) => c.code),
          days: days.filter((d) => d.linkId === l.id).map((d) => ({ date: d.date, downloads: d.downloads })),
        })),
      };
    }),

    deleteMyAccount: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      if (!caller.email.includes('@'))
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'the caller has no e-mail address for the confirmation');
      const at = now();
      const row = await prisma.$transaction(async (tx) => {
        const existing = await tx.accountDeletion.findUnique({ where: { ownerSub: caller.sub } });
        // A finished deletion is answered as it is, unless the user came back and made new data since.
        if (existing?.finishedAt) {
          const since = await tx.link.count({ where: { ownerSub: caller.sub } });
          const grant = await tx.offlineGrant.count({ where: { ownerSub: caller.sub } });
          if (since === 0 && grant === 0) return existing;
        } else if (existing) return existing;
        const fresh = {
          ownerEmail: caller.email,
          locale: localeArg(req.locale),
          trashFiles: req.trashFiles,
          step: '',
          requestedAt: at,
          attempts: 0,
          nextAttemptAt: at,
          lastError: null,
          finishedAt: null,
        };
        await closeOwnerLinks(tx, caller.sub, at);
        // The user's other sessions end with the request, whatever happens to the gateway that took
        // it. The cut-off is not the account's data: the deletion's steps leave it, so it keeps those
        // sessions out after the data is gone, until they have expired.
        await cutOffSessions(tx, caller.sub, at);
        return tx.accountDeletion.upsert({
          where: { ownerSub: caller.sub },
          create: { ownerSub: caller.sub, ...fresh },
          update: fresh,
        });
      });
      if (!row.finishedAt) {
        // The gateways drop what they cached of these links: they answer 410 from now on.
        for (const code of await ownerCodes(prisma, caller.sub)) deps.invalidations.publish(code);
        deps.onDeletionRequested?.();
      }
      logger.info({ ownerSub: caller.sub, step: row.step, trashFiles: row.trashFiles }, 'account deletion requested');
      return { deletion: toMessage(row) };
    }),

    getAccountDeletion: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const row = await prisma.accountDeletion.findUnique({ where: { ownerSub: caller.sub } });
      return row ? { deletion: toMessage(row) } : {};
    }),
  };
}
