import { openAsBlob } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { addToQueue, type QueueItem } from '../../mfe-upload/src/upload/queue';

/** Mime types by extension for what recipients open most; anything else is a plain byte stream. */
const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
};

export function mimeOf(name: string): string {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

/** A file on disk as the browser's File: read lazily from the disk, never held in memory. */
async function fileOf(path: string): Promise<File> {
  const info = await stat(path);
  const blob = await openAsBlob(path);
  return new File([blob], basename(path), { type: mimeOf(path), lastModified: info.mtimeMs });
}

async function walk(dir: string, root: string, out: QueueItem[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) await walk(full, root, out);
    // Folder entries keep their path under the folder's own name, as a folder dropped in the browser.
    else if (e.isFile()) out.push({ file: await fileOf(full), path: relative(root, full) });
  }
}

/**
 * The queue of the browser's upload screen from command-line paths: files as they are, folders as
 * their files with relative paths; the same path twice counts once.
 */
export async function collect(paths: readonly string[]): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  for (const p of paths) {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(p);
    } catch {
      throw new Error(`${p}: no such file or folder`);
    }
    if (info.isDirectory()) {
      const before = items.length;
      await walk(p, join(p, '..'), items);
      if (items.length === before) throw new Error(`${p}: the folder has no files`);
    } else if (info.isFile()) items.push({ file: await fileOf(p), path: basename(p) });
    else throw new Error(`${p}: not a file or folder`);
  }
  return addToQueue([], items);
}
