import * as grpc from '@grpc/grpc-js';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { classifyCode } from '../domain/codes.js';
import { isValidDriveFileId } from '../domain/drive-id.js';
import type { Link } from '../generated/prisma/client.js';
import type { HandlerDeps } from './deps.js';
import { linkStatus, toLinkMessage } from './link-message.js';

/** Public look-ups of a link: resolve, share info, size. */
/** A token code's link, ending at the earlier of the code's and the link's expiry. */
function linkOfShortCode(short: { expiresAt: Date; link: Link }): Link {
  const expiresAt = short.expiresAt < short.link.expiresAt ? short.expiresAt : short.link.expiresAt;
  return { ...short.link, expiresAt };
}

/** Most codes one ResolveLinks call may ask for. */
const MAX_RESOLVE_BATCH = 1000;

export function resolveHandlers(deps: HandlerDeps): Pick<LinkServiceServer, 'resolveLink' | 'resolveLinks' | 'getShareInfo' | 'getSize'> {
  const { prisma, logger, now } = deps;

  /** A slug, or a token code of a shortlink (whose own expiry also ends the link for that code). */
  async function findByCode(code: string): Promise<Link> {
    const kind = classifyCode(code);
    if (kind === 'invalid') throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a valid slug or code');
    if (kind === 'slug') {
      const row = await prisma.link.findUnique({ where: { slug: code } });
      if (!row) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
      return row;
    }
    const short = await prisma.shortCode.findUnique({ where: { code }, include: { link: true } });
    if (!short) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
    return linkOfShortCode(short);
  }

  /** Many codes in two queries (slugs, token codes); invalid and unknown codes are simply absent. */
  async function findByCodes(codes: string[]): Promise<Map<string, Link>> {
    const slugs = codes.filter((c) => classifyCode(c) === 'slug');
    const tokens = codes.filter((c) => classifyCode(c) === 'token');
    const out = new Map<string, Link>();
    if (slugs.length > 0) for (const row of await prisma.link.findMany({ where: { slug: { in: slugs } } })) out.set(row.slug, row);
    if (tokens.length > 0) {
      for (const short of await prisma.shortCode.findMany({ where: { code: { in: tokens } }, include: { link: true } })) {
        out.set(short.code, linkOfShortCode(short));
      }
    }
    return out;
  }

  return {
    resolveLink: unary(logger, async (req) => {
      const row = await findByCode(req.slug);
      if (req.ownerSubdomain && req.ownerSubdomain.toLowerCase() !== row.ownerSubdomain) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
      return { link: toLinkMessage(row, now()) };
    }),

    resolveLinks: unary(logger, async (req) => {
      if (req.codes.length > MAX_RESOLVE_BATCH) throw grpcError(grpc.status.INVALID_ARGUMENT, `at most ${MAX_RESOLVE_BATCH} codes a call`);
      const found = await findByCodes(req.codes);
      const at = now();
      return { results: req.codes.map((code) => { const row = found.get(code); return { code, link: row ? toLinkMessage(row, at) : undefined }; }) };
    }),

    getShareInfo: unary(logger, async (req) => {
      const row = await findByCode(req.slug);
      return {
        fileName: row.fileName,
        sizeBytes: row.sizeBytes.toString(),
        expiresAt: row.expiresAt,
        driveFileId: row.driveFileId,
        senderEmail: row.ownerEmail,
        ownerEmail: row.ownerEmail,
        ownerSubdomain: row.ownerSubdomain,
        // Every link is verified on the drive at creation (Shorten refuses otherwise).
        unverifiable: false,
        status: linkStatus(row, now()),
      };
    }),

    getSize: unary(logger, async (req) => {
      let row: Link | null;
      if (classifyCode(req.id) !== 'invalid') {
        row = await findByCode(req.id).catch(() => null);
      } else if (isValidDriveFileId(req.id)) {
        row = await prisma.link.findFirst({ where: { driveFileId: req.id, deletedAt: null }, orderBy: { createdAt: 'desc' } });
      } else {
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'id must be a slug or a drive file id');
      }
      // A 17+ character drive id is also a valid token code: try it as a file id too.
      if (!row && isValidDriveFileId(req.id)) {
        row = await prisma.link.findFirst({ where: { driveFileId: req.id, deletedAt: null }, orderBy: { createdAt: 'desc' } });
      }
      if (!row || (req.ownerSubdomain && req.ownerSubdomain.toLowerCase() !== row.ownerSubdomain)) throw grpcError(grpc.status.NOT_FOUND, 'file not found');
      return { sizeBytes: row.sizeBytes.toString() };
    }),
  };
}
