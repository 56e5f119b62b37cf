import type { QueueItem } from './queue';

/** Minimal FileSystem entry types (webkitGetAsEntry) for folders dropped on the page. */
interface FsEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
interface FsFileEntry extends FsEntry {
  file(ok: (f: File) => void, fail: (e: unknown) => void): void;
}
interface FsDirEntry extends FsEntry {
  createReader(): { readEntries(ok: (entries: FsEntry[]) => void, fail: (e: unknown) => void): void };
}

async function readDir(dir: FsDirEntry): Promise<FsEntry[]> {
  const reader = dir.createReader();
  const all: FsEntry[] = [];
  // readEntries returns batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FsEntry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FsEntry, out: QueueItem[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, fail) => (entry as FsFileEntry).file(ok, fail));
    out.push({ file, path: entry.fullPath.replace(/^\//, '') || file.name });
  } else if (entry.isDirectory) {
    for (const child of await readDir(entry as FsDirEntry)) await walk(child, out);
  }
}

/** Files and whole folders (recursive) from a drop; falls back to the plain file list. */
export async function itemsFromDataTransfer(dt: DataTransfer): Promise<QueueItem[]> {
  const entries: FsEntry[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = (item as DataTransferItem & { webkitGetAsEntry?: () => FsEntry | null }).webkitGetAsEntry?.();
    if (entry) entries.push(entry);
  }
  if (entries.length === 0) return itemsFromFileList(dt.files);
  const out: QueueItem[] = [];
  for (const e of entries) await walk(e, out);
  return out;
}

/** Files from an input; a folder input gives each file's webkitRelativePath. */
export function itemsFromFileList(files: FileList | readonly File[] | null): QueueItem[] {
  return Array.from(files ?? []).map((file) => ({
    file,
    path: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name,
  }));
}
