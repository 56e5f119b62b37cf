import * as grpc from '@grpc/grpc-js';
import type { Caller, ShortenRequest, ShortenResponse } from '@ferry/contracts/link/v1';
import { grpcError } from '@ferry/service-kit';
import { storedFileName } from '@ferry/rules';
import { newSlug } from '../domain/slug.js';
import { Prisma } from '../generated/prisma/client.js';
import type { HandlerDeps } from './deps.js';
import { toFileMessage } from './link-files.js';
import { toLinkMessage } from './link-message.js';
import { ownSubdomain } from './sender-subdomain.js';

/**
 * Shorten for a transfer (a folder upload): ONE link whose drive file is the folder, with one
 * link_files row per file. What the files are (names, sizes, types, that they lie in the folder)
 * is read from the owner's drive with their token, never taken from the request.
 */
export async function shortenTransfer(
  deps: HandlerDeps,
  req: ShortenRequest,
  caller: Caller,
  expiresAt: Date,
): Promise<ShortenResponse> {
  const { prisma, logger } = deps;
  if (!deps.verifyTransfer)
    throw grpcError(grpc.status.FAILED_PRECONDITION, 'this link service cannot verify transfers');
  const verified = await deps.verifyTransfer(req.driveFileId, req.transfer?.driveFileIds ?? [], req.driveAccessToken);
  const total = verified.files.reduce((sum, f) => sum + f.sizeBytes, 0n);
  const ownerSubdomain = await ownSubdomain(prisma, caller);
  const at = deps.now();
  for (let attempt = 0; ; attempt++) {
    const slug = newSlug();
    try {
      const row = await prisma.link.create({
        data: {
          slug,
          driveFileId: verified.folder.id,
          ownerSub: caller.sub,
          ownerEmail: caller.email,
          ownerSubdomain,
          fileName: storedFileName(verified.folder.name),
          sizeBytes: total,
          expiresAt,
          ownerLocale: req.uploaderLocale.slice(0, 35),
          fileCount: verified.files.length,
          files: {
            create: verified.files.map((f, n) => ({
              index: n + 1,
              driveFileId: f.id,
              name: storedFileName(f.name),
              sizeBytes: f.sizeBytes,
              mimeType: f.mimeType.slice(0, 255),
            })),
          },
        },
        include: { files: { orderBy: { index: 'asc' } } },
      });
      deps.invalidations.publish(slug);
      logger.info({ slug, ownerSub: caller.sub, files: row.fileCount }, 'transfer link created');
      return { link: toLinkMessage(row, at, row.files.map(toFileMessage)), shortId: slug, ownerSubdomain };
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002' && attempt < 5) continue;
      throw err;
    }
  }
}

/**
 * The file of a download claim: 1 to file_count for a transfer (its folder itself is no download),
 * 0 for a link to one file.
 */
export function claimedFileIndex(row: { fileCount: number }, index: number): number {
  if (row.fileCount > 0 && Number.isInteger(index) && index >= 1 && index <= row.fileCount) return index;
  if (row.fileCount === 0 && index === 0) return 0;
  throw grpcError(
    grpc.status.INVALID_ARGUMENT,
    row.fileCount > 0 ? `file_index must be 1 to ${row.fileCount}` : 'this link has one file: file_index must be 0',
    'no_such_file',
  );
}
