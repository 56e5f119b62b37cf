import { displayFileName } from '@ferry/rules';
import type { LinkRecord, ProductApi } from '../api/product-api';
import type { DriveClient, DriveFile } from '../drive/drive-client';
import { DEFAULT_VALIDITY_MS, FOLDER_MIME, LISTING_PAGE_SIZE, TAGS } from '../upload/constants';

/** Spec §3 "Uploaded file", as the list shows it. */
export interface UploadedFile {
  id: string;
  name: string;
  mimeType: string;
  /** The link the name opens and copy copies: the short link, else the drive's direct link. */
  link: string;
  uploadedAt: string;
  expiresAt: string;
  /** When the link record was made (from the link service), if known. */
  linkCreatedAt?: string;
  size: number;
  ownerSubdomain?: string;
  slug?: string;
  shareUrl?: string;
  appProperties: Record<string, string>;
  /** The product tag is missing (made by an older version or by hand). */
  legacy: boolean;
  downloads?: number;
  /** Downloads need a password (set from the row or when sharing). */
  passwordProtected?: boolean;
  /** Downloads allowed in all; absent = no limit. */
  downloadLimit?: number;
  /** A transfer (a folder upload with one link): how many files; the row is its folder, `size` their total. */
  fileCount?: number;
}

/** Maps one drive file (+ its link record) to a list row. */
export function toUploadedFile(
  f: DriveFile,
  link: LinkRecord | undefined,
  directUrl: string,
  prefix = '',
): UploadedFile {
  const props = f.appProperties ?? {};
  const uploadedAt = f.createdTime ?? new Date(0).toISOString();
  const expiresAt =
    props[TAGS.expiresAt] ?? link?.expiresAt ?? new Date(Date.parse(uploadedAt) + DEFAULT_VALIDITY_MS).toISOString();
  const slug = link?.slug ?? props[TAGS.shortId];
  const shortUrl = link?.shortUrl ?? (slug ? `${window.location.origin}/r/${slug}` : undefined);
  // A folder has no size of its own: a transfer's is the total the link service read from the drive.
  const size = Number(link?.fileCount ? (link.size ?? 0) : (f.size ?? f.quotaBytesUsed ?? 0));
  const owner = props[TAGS.ownerSubdomain];
  return {
    id: f.id,
    // The list, the delete prompt and the share modal show this: one line, no bidi controls, bounded.
    name: displayFileName(`${prefix}${f.name ?? ''}`),
    mimeType: f.mimeType ?? 'application/octet-stream',
    link: shortUrl ?? directUrl,
    uploadedAt,
    expiresAt,
    ...(link?.createdAt ? { linkCreatedAt: link.createdAt } : {}),
    size: Number.isFinite(size) ? size : 0,
    ...(owner ? { ownerSubdomain: owner } : {}),
    ...(shortUrl ? { shareUrl: shortUrl } : {}),
    ...(slug ? { slug } : {}),
    appProperties: props,
    legacy: props[TAGS.product] !== '1',
    ...(link?.downloads !== undefined ? { downloads: link.downloads } : {}),
    ...(link?.passwordProtected ? { passwordProtected: true } : {}),
    ...(link?.downloadLimit ? { downloadLimit: link.downloadLimit } : {}),
    ...(link?.fileCount ? { fileCount: link.fileCount } : {}),
  };
}

async function listAll(drive: DriveClient, parentId: string): Promise<DriveFile[]> {
  const out: DriveFile[] = [];
  let token: string | undefined;
  do {
    const page = await drive.list(parentId, token, LISTING_PAGE_SIZE);
    out.push(...(page.files ?? []));
    token = page.nextPageToken;
  } while (token);
  return out;
}

/**
 * The uploaded list: files of the Ferry folder and of its upload folders (one level), newest first.
 * Expired ones are left out; the link service's expiry sweeper removes them from the drive (spec §4
 * link life), also while this page is never opened, so the list never deletes anything itself.
 */
export async function loadUploaded(
  drive: DriveClient,
  api: ProductApi,
  rootId: string,
  now = Date.now(),
): Promise<UploadedFile[]> {
  const [children, links] = await Promise.all([listAll(drive, rootId), api.links()]);
  const byFile = new Map(links.map((l) => [l.fileId, l]));
  const rows: UploadedFile[] = [];
  for (const child of children) {
    if (child.mimeType === FOLDER_MIME) {
      // A transfer: one row for the folder and its one link.
      const transfer = byFile.get(child.id);
      if (transfer?.fileCount) {
        const row = toUploadedFile(child, transfer, drive.url(`/drive/folders/${child.id}`));
        if (Date.parse(row.expiresAt) > now) rows.push(row);
        continue;
      }
      // A folder uploaded before transfers: a row (and a link) per file.
      const inner = await listAll(drive, child.id).catch(() => []);
      for (const f of inner) {
        const row = toUploadedFile(
          f,
          byFile.get(f.id),
          drive.url('/uc', { id: f.id, export: 'download' }),
          `${child.name}/`,
        );
        if (Date.parse(row.expiresAt) > now) rows.push(row);
      }
      continue;
    }
    const row = toUploadedFile(child, byFile.get(child.id), drive.url('/uc', { id: child.id, export: 'download' }));
    if (Date.parse(row.expiresAt) > now) rows.push(row);
  }
  rows.sort((a, b) => Date.parse(b.uploadedAt) - Date.parse(a.uploadedAt));
  return rows;
}
