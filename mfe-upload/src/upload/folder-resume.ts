import type { PendingUpload } from './resume-store';

/** A folder upload kept across a reload: its own record and the records of the files it began. */
export interface FolderGroup {
  folder: PendingUpload;
  files: PendingUpload[];
}

/** What the list shows of an unfinished folder upload. */
export interface FolderSummary {
  name: string;
  doneFiles: number;
  totalFiles: number;
  /** Bytes the drive has confirmed: finished files whole, unfinished ones up to their confirmed byte. */
  confirmedBytes: number;
  totalBytes: number;
}

/** How one queued file of a folder upload starts again. */
export type FolderFileStart =
  | { kind: 'done'; record: PendingUpload }
  | { kind: 'resume'; record: PendingUpload }
  | { kind: 'fresh' };

/** Queued files as the matching needs them (a `QueueItem` fits). */
export interface QueuedFile {
  path: string;
  file: { size: number; lastModified: number };
}

/**
 * Splits the kept records into uploads of their own (single files, zips) and folder uploads, each
 * folder with its files. File records whose folder record is gone (dropped as stale) are left out.
 */
export function groupPending(pending: readonly PendingUpload[]): { own: PendingUpload[]; folders: FolderGroup[] } {
  const folders = new Map<string, FolderGroup>();
  for (const p of pending) if (p.kind === 'folder' && p.group) folders.set(p.group, { folder: p, files: [] });
  const own: PendingUpload[] = [];
  for (const p of pending) {
    if (p.kind === 'folder') continue;
    if (p.kind === 'folderFile') {
      if (p.group) folders.get(p.group)?.files.push(p);
    } else own.push(p);
  }
  return { own, folders: [...folders.values()] };
}

export function summariseFolder(g: FolderGroup): FolderSummary {
  const manifest = g.folder.files ?? [];
  const byPath = latestByPath(g.files);
  let doneFiles = 0;
  let confirmedBytes = 0;
  for (const entry of manifest) {
    const r = byPath.get(entry.path);
    if (!r) continue;
    if (r.done) {
      doneFiles++;
      confirmedBytes += entry.size;
    } else confirmedBytes += Math.min(r.confirmed, entry.size);
  }
  return {
    name: g.folder.name,
    doneFiles,
    totalFiles: manifest.length,
    confirmedBytes,
    totalBytes: manifest.reduce((s, e) => s + e.size, 0),
  };
}

/**
 * The kept folder upload these queued files belong to: the same set of relative paths, each with the
 * same size and last change (the newest such upload when there are several). The content check
 * (first and last MiB) is made per file when it starts.
 */
export function matchFolder(groups: readonly FolderGroup[], items: readonly QueuedFile[]): FolderGroup | undefined {
  const queued = new Map(items.map((i) => [i.path, i.file]));
  const fits = (g: FolderGroup) => {
    const manifest = g.folder.files ?? [];
    return (
      manifest.length === queued.size &&
      manifest.every((e) => {
        const f = queued.get(e.path);
        return f !== undefined && f.size === e.size && f.lastModified === e.lastModified;
      })
    );
  };
  return [...groups].sort((a, b) => b.folder.createdAt - a.folder.createdAt).find(fits);
}

/** For each queued path of a matched folder: skip it (finished), continue its session, or start it. */
export function planFolderResume(group: FolderGroup, items: readonly QueuedFile[]): Map<string, FolderFileStart> {
  const byPath = latestByPath(group.files);
  const plan = new Map<string, FolderFileStart>();
  for (const item of items) {
    const r = byPath.get(item.path);
    if (!r || r.size !== item.file.size || r.lastModified !== item.file.lastModified)
      plan.set(item.path, { kind: 'fresh' });
    else plan.set(item.path, { kind: r.done ? 'done' : 'resume', record: r });
  }
  return plan;
}

/** One record per path: a finished one wins, else the newest session. */
function latestByPath(files: readonly PendingUpload[]): Map<string, PendingUpload> {
  const out = new Map<string, PendingUpload>();
  for (const f of files) {
    if (!f.path) continue;
    const had = out.get(f.path);
    if (!had || (!had.done && (f.done || f.createdAt > had.createdAt))) out.set(f.path, f);
  }
  return out;
}
