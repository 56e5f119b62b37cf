import type { LinkFile as LinkFileMessage, Transfer } from '@ferry/contracts/link/v1';
import type { PrismaClient } from '../db.js';
import type { LinkFile } from '../generated/prisma/client.js';

/** The transfer part of a link message: absent for a link to one file. */
export function transferOf(row: { fileCount: number }, files: LinkFileMessage[] = []): Transfer | undefined {
  return row.fileCount > 0 ? { fileCount: row.fileCount, files } : undefined;
}

export function toFileMessage(f: LinkFile): LinkFileMessage {
  return {
    index: f.index,
    driveFileId: f.driveFileId,
    name: f.name,
    sizeBytes: f.sizeBytes.toString(),
    mimeType: f.mimeType,
    downloadCount: f.downloadCount.toString(),
  };
}

/**
 * The files of those links that are transfers, in order, by link id. Links to one file
 * (file_count 0) cost no query: the redirect path of single files never reads link_files.
 */
export async function filesOf(
  prisma: PrismaClient,
  links: ReadonlyArray<{ id: string; fileCount: number }>,
): Promise<Map<string, LinkFileMessage[]>> {
  const ids = links.filter((l) => l.fileCount > 0).map((l) => l.id);
  const out = new Map<string, LinkFileMessage[]>();
  if (ids.length === 0) return out;
  const rows = await prisma.linkFile.findMany({
    where: { linkId: { in: ids } },
    orderBy: [{ linkId: 'asc' }, { index: 'asc' }],
  });
  for (const r of rows) {
    const list = out.get(r.linkId) ?? [];
    list.push(toFileMessage(r));
    out.set(r.linkId, list);
  }
  return out;
}
