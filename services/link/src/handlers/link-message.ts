import * as grpc from '@grpc/grpc-js';
import { LinkStatus, type Caller, type Link as LinkMessage, type LinkFile } from '@ferry/contracts/link/v1';
import { transferOf } from './link-files.js';
import { grpcError, verifiedUser } from '@ferry/service-kit';
import { linkState, type LinkState } from '../domain/lifetime.js';
import { isBlocked } from '../domain/standing.js';
import type { Link } from '../generated/prisma/client.js';

const STATUS: Record<LinkState, LinkStatus> = {
  active: LinkStatus.LINK_STATUS_ACTIVE,
  expired: LinkStatus.LINK_STATUS_EXPIRED,
  deleted: LinkStatus.LINK_STATUS_DELETED,
};

/** Deletion wins (its owner removed it); a blocked link (domain/standing.ts) answers 410 whatever its expiry. */
export function linkStatus(
  row: Pick<Link, 'expiresAt' | 'deletedAt' | 'disabledAt' | 'ownerSuspendedAt'>,
  now: Date,
): LinkStatus {
  if (!row.deletedAt && isBlocked(row)) return LinkStatus.LINK_STATUS_BLOCKED;
  return STATUS[linkState(row, now)];
}

/** `files`: a transfer's files (handlers/link-files.ts), for the calls that hand them out. */
export function toLinkMessage(row: Link, now: Date, files: LinkFile[] = []): LinkMessage {
  return {
    slug: row.slug,
    driveFileId: row.driveFileId,
    ownerEmail: row.ownerEmail,
    ownerSubdomain: row.ownerSubdomain,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes.toString(),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    deletedAt: row.deletedAt ?? undefined,
    downloadCount: row.downloadCount.toString(),
    status: linkStatus(row, now),
    passwordProtected: row.passwordHash !== null,
    downloadLimit: String(row.downloadLimit ?? 0),
    transfer: transferOf(row, files),
  };
}

/**
 * The signed-in user an owner-only RPC acts for: the one in the gateway's verified caller assertion,
 * never the request's deprecated `caller` field.
 */
export function requireCaller(call: object): Caller {
  return verifiedUser(call);
}

/** Other users' links read as unknown: their existence is not revealed. */
export function requireOwner(row: Link | null, caller: Caller): Link {
  if (!row || row.ownerSub !== caller.sub) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
  return row;
}
