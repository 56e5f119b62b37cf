import * as grpc from '@grpc/grpc-js';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { classifyCode, parseScopedCode, scopedCode } from '@ferry/rules';
import { isValidDriveFileId } from '../domain/drive-id.js';
import type { PrismaClient } from '../db.js';
import type { Link } from '../generated/prisma/client.js';
import type { HandlerDeps } from './deps.js';
import { filesOf, transferOf } from './link-files.js';
import { linkStatus, toLinkMessage } from './link-message.js';

/** A token code's link, ending at the earlier of the code's and the link's expiry. */
function linkOfShortCode(short: { expiresAt: Date; link: Link }): Link {
  const expiresAt = new Date(Math.min(short.expiresAt.getTime(), short.link.expiresAt.getTime()));
  return { ...short.link, expiresAt };
}

/**
 * A slug, or a token code of a shortlink (whose own expiry also ends the link for that code).
 * On a sender's subdomain only that sender's links exist; token codes exist only there.
 */
export async function findLinkByCode(prisma: PrismaClient, code: string, subdomain: string): Promise<Link> {
  const kind = classifyCode(code);
  if (kind === 'invalid') throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a valid slug or code');
  const sub = subdomain.toLowerCase();
  if (kind === 'slug') {
    const row = await prisma.link.findUnique({ where: { slug: code } });
    if (!row || (sub !== '' && row.ownerSubdomain !== sub)) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
    return row;
  }
  const short =
    sub === ''
      ? null
      : await prisma.shortCode.findUnique({
          where: { subdomain_code: { subdomain: sub, code } },
          include: { link: true },
        });
  if (!short) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
  return linkOfShortCode(short);
}

/** Most codes one ResolveLinks call may ask for. */
const MAX_RESOLVE_BATCH = 1000;

/** Public look-ups of a link: resolve, share info, size. */
export function resolveHandlers(
  deps: HandlerDeps,
): Pick<LinkServiceServer, 'resolveLink' | 'resolveLinks' | 'getShareInfo' | 'getSize'> {
  const { prisma, logger, now } = deps;

  const findByCode = (code: string, subdomain: string) => findLinkByCode(prisma, code, subdomain);

  /**
   * Many codes in two queries (slugs, token codes); invalid and unknown codes are simply absent.
   * A code may be scoped to a sender's subdomain (`{subdomain}/{code}`, as the gateway sees it on that host).
   */
  async function findByCodes(codes: string[]): Promise<Map<string, Link>> {
    const parsed = codes.flatMap((key) => {
      const p = parseScopedCode(key);
      return p ? [{ key, ...p, kind: classifyCode(p.code) }] : [];
    });
    const slugs = parsed.filter((c) => c.kind === 'slug');
    const tokens = parsed.filter((c) => c.kind === 'token' && c.subdomain !== '');
    const out = new Map<string, Link>();
    if (slugs.length > 0) {
      const rows = new Map(
        (await prisma.link.findMany({ where: { slug: { in: slugs.map((c) => c.code) } } })).map((r) => [r.slug, r]),
      );
      for (const c of slugs) {
        const row = rows.get(c.code);
        if (row && (c.subdomain === '' || row.ownerSubdomain === c.subdomain)) out.set(c.key, row);
      }
    }
    if (tokens.length > 0) {
      const shorts = await prisma.shortCode.findMany({
        where: { OR: tokens.map((c) => ({ subdomain: c.subdomain, code: c.code })) },
        include: { link: true },
      });
      const byKey = new Map(shorts.map((s) => [scopedCode(s.subdomain, s.code), s]));
      for (const c of tokens) {
        const short = byKey.get(scopedCode(c.subdomain, c.code));
        if (short) out.set(c.key, linkOfShortCode(short));
      }
    }
    return out;
  }

  return {
    resolveLink: unary(logger, async (req) => {
      const row = await findByCode(req.slug, req.ownerSubdomain);
      const files = await filesOf(prisma, [row]);
      return { link: toLinkMessage(row, now(), files.get(row.id)) };
    }),

    resolveLinks: unary(logger, async (req) => {
      if (req.codes.length > MAX_RESOLVE_BATCH)
        throw grpcError(grpc.status.INVALID_ARGUMENT, `at most ${MAX_RESOLVE_BATCH} codes a call`);
      const found = await findByCodes(req.codes);
      const files = await filesOf(prisma, [...found.values()]);
      const at = now();
      return {
        results: req.codes.map((code) => {
          const row = found.get(code);
          return { code, link: row ? toLinkMessage(row, at, files.get(row.id)) : undefined };
        }),
      };
    }),

    getShareInfo: unary(logger, async (req) => {
      const row = await findByCode(req.slug, '');
      const files = await filesOf(prisma, [row]);
      return {
        transfer: transferOf(row, files.get(row.id)),
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
        row = await findByCode(req.id, req.ownerSubdomain).catch(() => null);
      } else if (isValidDriveFileId(req.id)) {
        row = await prisma.link.findFirst({
          where: { driveFileId: req.id, deletedAt: null },
          orderBy: { createdAt: 'desc' },
        });
      } else {
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'id must be a slug or a drive file id');
      }
      // A 17+ character drive id is also a valid token code: try it as a file id too.
      if (!row && isValidDriveFileId(req.id)) {
        row = await prisma.link.findFirst({
          where: { driveFileId: req.id, deletedAt: null },
          orderBy: { createdAt: 'desc' },
        });
      }
      if (!row || (req.ownerSubdomain && req.ownerSubdomain.toLowerCase() !== row.ownerSubdomain))
        throw grpcError(grpc.status.NOT_FOUND, 'file not found');
      return { sizeBytes: row.sizeBytes.toString() };
    }),
  };
}
