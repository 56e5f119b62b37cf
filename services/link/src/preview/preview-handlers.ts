import { createHash } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { LinkPreviewServiceServer, ListZipEntriesResponse, PreviewTarget } from '@ferry/contracts/link/v1/preview';
import { grpcError, unary, type Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { linkState } from '../domain/lifetime.js';
import { driveFailureError, isTransient } from '../drive/drive-errors.js';
import type { AccessTokenFor } from '../grants/access-token.js';
import { findLinkByCode } from '../handlers/resolve.js';
import { claimedFileIndex } from '../handlers/transfers.js';
import { DriveMediaError, type DriveMedia, type PreviewFileMeta } from './drive-media.js';
import type { PreviewCache } from './preview-cache.js';
import { listZipEntries, NotAZipError, ZipTooLargeError, type ZipListing } from './zip-listing.js';

/** Thumbnails larger than this are not passed on (Google's are a few KiB to ~100 KiB). */
export const MAX_THUMBNAIL_BYTES = 1024 * 1024;
export const DEFAULT_MAX_ENTRIES = 500;
const MAX_MAX_ENTRIES = 1000;
/** How long a preview is kept: the file of a link does not change, the link may be removed (checked on every call). */
const PREVIEW_TTL_MS = 3600_000;
/** An answer "nothing to preview" is kept shorter, so a drive that was busy is asked again soon. */
const NEGATIVE_TTL_MS = 5 * 60_000;
const ZIP_MIMES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

export interface PreviewDeps {
  prisma: PrismaClient;
  logger: Logger;
  now: () => Date;
  drive: DriveMedia;
  /** The owner's Drive access token from their stored offline grant (server-side only). */
  tokens: AccessTokenFor;
  cache: PreviewCache;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const UNLOCK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const noPreview = (why: string) => grpcError(grpc.status.NOT_FOUND, why, 'no_preview');

function driveError(err: unknown, what: string): never {
  if (err instanceof DriveMediaError) {
    if (err.failure.reason === 'unreachable') throw grpcError(grpc.status.UNAVAILABLE, 'the drive is not reachable');
    if (!isTransient(err.failure) && (err.failure.status === 404 || err.failure.status === 403))
      throw noPreview(`the ${what} is not available on the drive`);
    throw driveFailureError(err.failure, what);
  }
  throw err;
}

/** GetThumbnail and ListZipEntries: the link checked as the download checks it, then the owner's drive, server-side. */
export function previewHandlers(deps: PreviewDeps): LinkPreviewServiceServer {
  const { prisma, logger, now, cache } = deps;

  /** The link's file (or the transfer's file n) and its owner's token, or the reason there is none. */
  async function target(
    t: PreviewTarget | undefined,
  ): Promise<{ key: string; fileId: string; name: string; token: string }> {
    if (!t) throw grpcError(grpc.status.INVALID_ARGUMENT, 'target is required');
    const row = await findLinkByCode(prisma, t.slug, t.ownerSubdomain);
    const at = now();
    if (linkState(row, at) !== 'active') throw grpcError(grpc.status.FAILED_PRECONDITION, 'the link is gone', 'gone');
    if (row.passwordHash !== null) {
      const live =
        UNLOCK_TOKEN.test(t.unlockToken) &&
        (await prisma.unlockToken.count({
          where: { tokenHash: tokenHash(t.unlockToken), linkId: row.id, expiresAt: { gt: at } },
        })) > 0;
      if (!live)
        throw grpcError(grpc.status.PERMISSION_DENIED, 'the link needs its password first', 'password_required');
    }
    // A transfer's file n (its own drive file), else the link's one file.
    const index = claimedFileIndex(row, t.fileIndex);
    const file =
      index === 0
        ? { driveFileId: row.driveFileId, name: row.fileName }
        : await prisma.linkFile.findUnique({ where: { linkId_index: { linkId: row.id, index } } });
    if (!file) throw grpcError(grpc.status.NOT_FOUND, 'no such file in this transfer', 'no_such_file');
    const token = await deps.tokens(row.ownerSub);
    if (token === 'no-grant' || token === 'revoked') throw noPreview('the sender’s drive cannot be read right now');
    return { key: `${row.id}:${index}`, fileId: file.driveFileId, name: file.name, token };
  }

  async function meta(fileId: string, token: string): Promise<PreviewFileMeta> {
    const m = await deps.drive.meta(fileId, token).catch((err: unknown) => driveError(err, 'file'));
    if (m.trashed) throw noPreview('the file is in the drive’s trash');
    return m;
  }

  return {
    getThumbnail: unary(logger, async (req) => {
      const link = await target(req.target);
      const key = `thumb:${link.key}`;
      const cached = await cache.get(key);
      if (cached) {
        if (cached.byteLength === 0) throw noPreview('the drive has no thumbnail of this file');
        return decodeThumbnail(cached);
      }
      const m = await meta(link.fileId, link.token);
      if (!m.thumbnailLink) {
        await cache.set(key, Buffer.alloc(0), NEGATIVE_TTL_MS);
        throw noPreview('the drive has no thumbnail of this file');
      }
      let image: Awaited<ReturnType<DriveMedia['thumbnail']>>;
      try {
        image = await deps.drive.thumbnail(m.thumbnailLink, link.token, MAX_THUMBNAIL_BYTES);
      } catch (err) {
        if (err instanceof DriveMediaError && err.failure.reason === 'noThumbnail')
          await cache.set(key, Buffer.alloc(0), NEGATIVE_TTL_MS);
        driveError(err, 'thumbnail');
      }
      const answer = { image: image.bytes, contentType: image.contentType, version: m.version };
      await cache.set(key, encodeThumbnail(answer), PREVIEW_TTL_MS);
      return answer;
    }),

    listZipEntries: unary(logger, async (req) => {
      const maxEntries = req.maxEntries === 0 ? DEFAULT_MAX_ENTRIES : req.maxEntries;
      if (!Number.isInteger(maxEntries) || maxEntries < 1 || maxEntries > MAX_MAX_ENTRIES)
        throw grpcError(grpc.status.INVALID_ARGUMENT, `max_entries is 1 to ${MAX_MAX_ENTRIES}`);
      const link = await target(req.target);
      const key = `zip:${link.key}`;
      const cached = await cache.get(key);
      let listing: ZipListing | { error: 'not_a_zip' | 'too_large'; message: string } | undefined;
      if (cached) listing = JSON.parse(cached.toString('utf8')) as typeof listing;
      if (!listing) {
        const m = await meta(link.fileId, link.token);
        const zipByName = /\.zip$/i.test(m.name || link.name);
        if (!ZIP_MIMES.has(m.mimeType) && !zipByName) {
          listing = { error: 'not_a_zip', message: 'the file is not a zip' };
        } else {
          try {
            listing = await listZipEntries(
              { size: m.size, read: (offset, length) => deps.drive.readRange(link.fileId, link.token, offset, length) },
              MAX_MAX_ENTRIES,
            );
          } catch (err) {
            if (err instanceof NotAZipError) listing = { error: 'not_a_zip', message: err.message };
            else if (err instanceof ZipTooLargeError) listing = { error: 'too_large', message: err.message };
            else driveError(err, 'file');
          }
        }
        await cache.set(key, Buffer.from(JSON.stringify(listing)), PREVIEW_TTL_MS);
      }
      if ('error' in listing) {
        if (listing.error === 'too_large') throw noPreview(listing.message);
        throw grpcError(grpc.status.FAILED_PRECONDITION, listing.message, 'not_a_zip');
      }
      const entries = listing.entries.slice(0, maxEntries);
      return {
        entries: entries.map((e) => ({
          name: e.name,
          sizeBytes: String(e.size),
          compressedSizeBytes: String(e.compressedSize),
          isDirectory: e.isDirectory,
          encrypted: e.encrypted,
        })),
        totalEntries: String(listing.totalEntries),
        truncated: listing.totalEntries > entries.length,
      } satisfies ListZipEntriesResponse;
    }),
  };
}

/** One cache value: a length-prefixed JSON header (type, version), then the image bytes. */
function encodeThumbnail(t: { image: Buffer; contentType: string; version: string }): Buffer {
  const header = Buffer.from(JSON.stringify({ contentType: t.contentType, version: t.version }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.byteLength);
  return Buffer.concat([length, header, t.image]);
}

function decodeThumbnail(value: Buffer): { image: Buffer; contentType: string; version: string } {
  const headerLength = value.readUInt32BE(0);
  const header = JSON.parse(value.subarray(4, 4 + headerLength).toString('utf8')) as {
    contentType: string;
    version: string;
  };
  return { image: value.subarray(4 + headerLength), ...header };
}
