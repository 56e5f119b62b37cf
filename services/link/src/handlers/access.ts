import { createHash, randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { ClaimOutcome, type LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { isSlug } from '@ferry/rules';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from '../access/password-hash.js';
import { linkState } from '../domain/lifetime.js';
import { isBlocked } from '../domain/standing.js';
import type { HandlerDeps } from './deps.js';
import { markFirstDownloads } from './downloads.js';
import { countInBucket } from '../stats/buckets.js';
import { requireCaller, requireOwner, toLinkMessage } from './link-message.js';
import { findLinkByCode } from './resolve.js';
import { claimedFileIndex } from './transfers.js';

/** An unlock token is good for one claim within this time. */
export const UNLOCK_TOKEN_TTL_MS = 60_000;
/**
 * After the last allowed download the file stays public this long (the recipient's browser follows
 * the redirect and the drive starts sending), then the sweeper takes it: with its poke at that time,
 * and at worst its next tick (at most 30 s), the drive refuses the file within 60 s of the use-up.
 */
export const EXHAUSTED_SWEEP_DELAY_MS = 30_000;
export const MAX_DOWNLOAD_LIMIT = 100_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const UNLOCK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function passwordArg(value: string): string {
  const length = [...value].length;
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH || /\p{Cc}/u.test(value))
    throw grpcError(
      grpc.status.INVALID_ARGUMENT,
      `A password has ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters and no control characters.`,
      'invalid_password',
    );
  return value;
}

function limitArg(value: string, downloadsSoFar: bigint): number | null {
  if (!/^\d{1,9}$/.test(value) || Number(value) > MAX_DOWNLOAD_LIMIT)
    throw grpcError(grpc.status.INVALID_ARGUMENT, `A download limit is 0 (none) to ${MAX_DOWNLOAD_LIMIT}.`);
  const limit = Number(value);
  if (limit === 0) return null;
  if (BigInt(limit) <= downloadsSoFar)
    throw grpcError(
      grpc.status.FAILED_PRECONDITION,
      `This link was downloaded ${downloadsSoFar} times already; the limit must be higher.`,
      'limit_reached',
    );
  return limit;
}

interface ClaimedRow {
  id: string;
  drive_file_id: string;
  size_bytes: string;
  notified_at: Date | null;
  /** This claim used up the link's last download. */
  used_up: boolean;
}

/** Passwords, download limits and the claims of guarded downloads; the owner of a link for the gateway's one-click actions. */
export function accessHandlers(
  deps: HandlerDeps,
): Pick<LinkServiceServer, 'setLinkAccess' | 'unlockLink' | 'claimDownload' | 'getLinkOwner'> {
  const { prisma, logger, now } = deps;

  return {
    setLinkAccess: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      if (!isSlug(req.slug)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a valid slug');
      const row = requireOwner(await prisma.link.findUnique({ where: { slug: req.slug } }), caller);
      const at = now();
      if (linkState(row, at) !== 'active')
        throw grpcError(grpc.status.FAILED_PRECONDITION, 'the link is no longer active');
      const data: { passwordHash?: string | null; downloadLimit?: number | null } = {};
      if (req.password !== undefined)
        data.passwordHash = req.password === '' ? null : await hashPassword(passwordArg(req.password));
      if (req.downloadLimit !== undefined) data.downloadLimit = limitArg(req.downloadLimit, row.downloadCount);
      // The limit is checked again against the count at the moment of the write.
      const updated = await prisma.link.updateMany({
        where: {
          id: row.id,
          deletedAt: null,
          expiresAt: { gt: at },
          ...(typeof data.downloadLimit === 'number' ? { downloadCount: { lt: data.downloadLimit } } : {}),
        },
        data,
      });
      if (updated.count === 0) throw grpcError(grpc.status.FAILED_PRECONDITION, 'the link changed; try again');
      if (data.passwordHash !== undefined) await prisma.unlockToken.deleteMany({ where: { linkId: row.id } });
      deps.invalidations.publish(row.slug);
      logger.info(
        {
          slug: row.slug,
          password: data.passwordHash === undefined ? 'kept' : data.passwordHash ? 'set' : 'removed',
          downloadLimit: data.downloadLimit,
        },
        'link access changed',
      );
      return { link: toLinkMessage(await prisma.link.findUniqueOrThrow({ where: { id: row.id } }), at) };
    }),

    unlockLink: unary(logger, async (req) => {
      const row = await findLinkByCode(prisma, req.slug, req.ownerSubdomain);
      const at = now();
      if (linkState(row, at) !== 'active' || isBlocked(row))
        throw grpcError(grpc.status.FAILED_PRECONDITION, 'the link is gone', 'gone');
      if (!row.passwordHash || req.password.length > 4 * MAX_PASSWORD_LENGTH) return { ok: false, unlockToken: '' };
      if (!(await verifyPassword(req.password, row.passwordHash))) return { ok: false, unlockToken: '' };
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + UNLOCK_TOKEN_TTL_MS);
      await prisma.$transaction([
        prisma.unlockToken.deleteMany({ where: { expiresAt: { lt: at } } }),
        prisma.unlockToken.create({ data: { tokenHash: tokenHash(token), linkId: row.id, expiresAt } }),
      ]);
      return { ok: true, unlockToken: token, expiresAt };
    }),

    claimDownload: unary(logger, async (req) => {
      const row = await findLinkByCode(prisma, req.slug, req.ownerSubdomain);
      const at = now();
      const state = linkState(row, at);
      if (state !== 'active' || isBlocked(row))
        return {
          outcome: ClaimOutcome.CLAIM_OUTCOME_GONE,
          driveFileId: '',
          sizeBytes: '0',
          goneReason: state === 'active' ? 'blocked' : goneReason(state, row),
        };
      const fileIndex = claimedFileIndex(row, req.fileIndex ?? 0);
      const sweepAt = new Date(at.getTime() + EXHAUSTED_SWEEP_DELAY_MS);
      const granted = await prisma.$transaction(async (tx) => {
        if (row.passwordHash !== null) {
          if (!UNLOCK_TOKEN.test(req.unlockToken)) return 'password' as const;
          const token = { tokenHash: tokenHash(req.unlockToken), linkId: row.id, expiresAt: { gt: at } };
          // One unlock covers every file of a transfer until it expires; a single file's is used up.
          const valid =
            row.fileCount > 0
              ? await tx.unlockToken.count({ where: token })
              : (await tx.unlockToken.deleteMany({ where: token })).count;
          if (valid === 0) return 'password' as const;
        }
        // The row lock makes concurrent claims queue here, and each re-checks the WHERE against the
        // count the one before it left: with a limit of N exactly N claims get a row back. The claim
        // that reaches the limit expires the link at once; the sweeper revokes it after a short delay.
        const [claimed] = await tx.$queryRaw<ClaimedRow[]>`
          UPDATE links SET download_count = download_count + 1,
            first_downloaded_at = coalesce(first_downloaded_at, ${at}), last_downloaded_at = ${at},
            expires_at = CASE WHEN download_count + 1 >= download_limit THEN ${at} ELSE expires_at END,
            sweep_next_at = CASE WHEN download_count + 1 >= download_limit THEN ${sweepAt} ELSE sweep_next_at END
          WHERE id = ${row.id}::uuid AND deleted_at IS NULL AND expires_at > ${at}
            AND disabled_at IS NULL AND owner_suspended_at IS NULL
            AND (download_limit IS NULL OR download_count < download_limit)
          RETURNING id::text, drive_file_id, size_bytes::text, notified_at,
            download_limit IS NOT NULL AND download_count >= download_limit AS used_up`;
        if (!claimed) return 'gone' as const;
        if (fileIndex > 0) {
          const [file] = await tx.$queryRaw<Array<{ drive_file_id: string; size_bytes: string }>>`
            UPDATE link_files SET download_count = download_count + 1
            WHERE link_id = ${claimed.id}::uuid AND index = ${fileIndex}
            RETURNING drive_file_id, size_bytes::text`;
          if (!file) throw grpcError(grpc.status.NOT_FOUND, 'no such file in this transfer', 'no_such_file');
          Object.assign(claimed, file);
        }
        await countInBucket(tx, claimed.id, 1n, at);
        if (claimed.notified_at === null) await markFirstDownloads(tx, [claimed.id], at);
        return claimed;
      });
      if (granted === 'password')
        return {
          outcome: ClaimOutcome.CLAIM_OUTCOME_PASSWORD_REQUIRED,
          driveFileId: '',
          sizeBytes: '0',
          goneReason: '',
        };
      if (granted === 'gone') {
        deps.invalidations.publish(row.slug);
        return { outcome: ClaimOutcome.CLAIM_OUTCOME_GONE, driveFileId: '', sizeBytes: '0', goneReason: 'limit' };
      }
      if (granted.notified_at === null) deps.onFirstDownload();
      if (granted.used_up) deps.onLinkUsedUp?.(EXHAUSTED_SWEEP_DELAY_MS);
      return {
        outcome: ClaimOutcome.CLAIM_OUTCOME_GRANTED,
        driveFileId: granted.drive_file_id,
        sizeBytes: granted.size_bytes,
        goneReason: '',
      };
    }),

    getLinkOwner: unary(logger, async (req) => {
      const row = await findLinkByCode(prisma, req.slug, req.ownerSubdomain);
      return { link: toLinkMessage(row, now()), ownerSub: row.ownerSub, ownerLocale: row.ownerLocale };
    }),
  };
}

function goneReason(
  state: 'expired' | 'deleted',
  row: { downloadLimit: number | null; downloadCount: bigint },
): string {
  if (state === 'deleted') return 'removed';
  return row.downloadLimit !== null && row.downloadCount >= BigInt(row.downloadLimit) ? 'limit' : 'expired';
}
