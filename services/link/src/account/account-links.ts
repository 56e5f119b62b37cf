import { scopedCode } from '@ferry/rules';
import type { PrismaClient } from '../db.js';
import type { GrantTx } from '../grants/offline-grants.js';

/**
 * The link service's own rows of an account, for its deletion. Nothing here calls another
 * service or the drive; each function is safe to run again.
 */

/** Marks every link of the owner deleted, and finished for the sweeper (the deletion handles the files itself). */
export async function closeOwnerLinks(db: PrismaClient | GrantTx, ownerSub: string, at: Date): Promise<void> {
  await db.link.updateMany({ where: { ownerSub, deletedAt: null }, data: { deletedAt: at } });
  await db.link.updateMany({ where: { ownerSub, removedAt: null }, data: { removedAt: at, sweepError: null } });
}

/** Every code a gateway may have cached for the owner's links: slugs, and token codes on their subdomain. */
export async function ownerCodes(prisma: PrismaClient, ownerSub: string): Promise<string[]> {
  const links = await prisma.link.findMany({
    where: { ownerSub },
    select: { slug: true, shortCodes: { select: { subdomain: true, code: true } } },
  });
  return links.flatMap((l) => [l.slug, ...l.shortCodes.map((c) => scopedCode(c.subdomain, c.code))]);
}

/** The drive ids of the owner's links (a transfer's folder and, where the table exists, its files first). */
export async function ownerDriveFiles(prisma: PrismaClient, ownerSub: string): Promise<string[]> {
  const links = await prisma.link.findMany({ where: { ownerSub }, select: { id: true, driveFileId: true } });
  const ids = links.map((l) => l.id);
  let files: Array<{ drive_file_id: string }> = [];
  const [table] = await prisma.$queryRawUnsafe<Array<{ t: string | null }>>(
    `SELECT to_regclass('link_files')::text AS t`,
  );
  if (table?.t && ids.length > 0)
    files = await prisma.$queryRawUnsafe(`SELECT drive_file_id FROM link_files WHERE link_id = ANY($1::uuid[])`, ids);
  return [...new Set([...files.map((f) => f.drive_file_id), ...links.map((l) => l.driveFileId)])].filter(Boolean);
}

/**
 * Deletes the owner's links with their counts, statistics, short codes, events and tokens, their
 * subdomain, notices and grant, in one transaction. Each slug stays as an anonymous tombstone (no
 * owner, file or count): slugs are never reused, and the link keeps answering 410.
 */
export async function eraseOwnerLinks(prisma: PrismaClient, ownerSub: string, at: Date): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const links = await tx.link.findMany({ where: { ownerSub }, select: { id: true, slug: true } });
    const ids = links.map((l) => l.id);
    if (ids.length > 0) {
      for (const table of [
        'first_download_outbox',
        'short_codes',
        'link_download_buckets',
        'unlock_tokens',
        'used_actions',
      ])
        await tx.$executeRawUnsafe(`DELETE FROM ${table} WHERE link_id = ANY($1::uuid[])`, ids);
      await tx.link.deleteMany({ where: { id: { in: ids } } });
      await tx.link.createMany({
        data: links.map((l) => ({
          slug: l.slug,
          driveFileId: '',
          ownerSub: '',
          ownerEmail: '',
          ownerSubdomain: '',
          fileName: '',
          sizeBytes: 0n,
          expiresAt: at,
          createdAt: at,
          deletedAt: at,
          removedAt: at,
        })),
      });
    }
    await tx.subdomainOwner.deleteMany({ where: { ownerSub } });
    await tx.cleanupNotice.deleteMany({ where: { ownerSub } });
    await tx.offlineGrant.deleteMany({ where: { ownerSub } });
    return links.length;
  });
}
