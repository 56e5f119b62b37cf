import {
  ClaimOutcome,
  LinkStatus,
  type ClaimDownloadResponse,
  type LinkServiceClient,
  type ResolveLinkResponse,
} from '@ferry/contracts/link/v1';
import type { GoneReason } from './gone.js';
import { unary } from '../grpc/call.js';
import { driveDownloadUrl, type DriveDownloadOptions } from './drive-url.js';

/** The query parameter of a single-use unlock token (`/api/d/{slug}?token=…`); access logs redact it by name. */
export const UNLOCK_TOKEN_PARAM = 'token';

export type ClaimAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'gone'; reason: GoneReason }
  | { kind: 'password' }
  | { kind: 'bad_target' };

/** What a GET without a token would answer, as HEAD tells it: nothing is counted or used. */
type ClaimPreview = { kind: 'gone'; reason: GoneReason } | { kind: 'password' } | { kind: 'open' };

export interface GuardedDownloads {
  /**
   * One download of a link with a password or a download limit: the link service counts it at once
   * (the N+1st claim of a link limited to N is refused) and consumes the unlock token. Rejects with
   * the gRPC error when the link service fails (NOT_FOUND for an unknown code).
   */
  claim(
    code: string,
    ownerSubdomain: string,
    unlockToken: string,
    requestId?: string,
    /** A transfer's file (1 to its count); 0 or absent for a link to one file. */
    fileIndex?: number,
  ): Promise<ClaimAnswer>;
  /**
   * The answer `claim` would give now, read from the link service (the cache does not know the
   * count), for HEAD. Rejects as `claim` does.
   */
  preview(code: string, ownerSubdomain: string, requestId?: string): Promise<ClaimPreview>;
}

export function guardedDownloads(deps: {
  link: LinkServiceClient;
  deadlineMs: number;
  drive: DriveDownloadOptions;
}): GuardedDownloads {
  return {
    async claim(code, ownerSubdomain, unlockToken, requestId, fileIndex = 0) {
      const res = await unary<ClaimDownloadResponse>(
        (md, opts, cb) => deps.link.claimDownload({ slug: code, ownerSubdomain, unlockToken, fileIndex }, md, opts, cb),
        { deadlineMs: deps.deadlineMs, requestId },
      );
      if (res.outcome === ClaimOutcome.CLAIM_OUTCOME_PASSWORD_REQUIRED) return { kind: 'password' };
      if (res.outcome !== ClaimOutcome.CLAIM_OUTCOME_GRANTED) {
        const reason: GoneReason =
          res.goneReason === 'blocked'
            ? 'unavailable'
            : res.goneReason === 'removed' || res.goneReason === 'limit'
              ? res.goneReason
              : 'expired';
        return { kind: 'gone', reason };
      }
      const location = driveDownloadUrl(deps.drive, res.driveFileId, Number(res.sizeBytes));
      return location ? { kind: 'redirect', location } : { kind: 'bad_target' };
    },
    async preview(code, ownerSubdomain, requestId) {
      const { link } = await unary<ResolveLinkResponse>(
        (md, opts, cb) => deps.link.resolveLink({ slug: code, ownerSubdomain }, md, opts, cb),
        { deadlineMs: deps.deadlineMs, requestId },
      );
      const limit = Number(link?.downloadLimit ?? 0);
      const usedUp = limit > 0 && Number(link?.downloadCount ?? 0) >= limit;
      // The order of ClaimDownload: a gone link is gone, with or without the password.
      if (link?.status === LinkStatus.LINK_STATUS_DELETED) return { kind: 'gone', reason: 'removed' };
      if (link?.status === LinkStatus.LINK_STATUS_BLOCKED) return { kind: 'gone', reason: 'unavailable' };
      if (usedUp) return { kind: 'gone', reason: 'limit' };
      if (link?.status !== LinkStatus.LINK_STATUS_ACTIVE) return { kind: 'gone', reason: 'expired' };
      return link.passwordProtected ? { kind: 'password' } : { kind: 'open' };
    },
  };
}

/** The unlock token of a request URL's query, or ''. */
export function unlockTokenOf(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  return new URLSearchParams(url.slice(q + 1)).get(UNLOCK_TOKEN_PARAM) ?? '';
}
