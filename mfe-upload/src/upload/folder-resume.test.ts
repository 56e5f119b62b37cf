import { describe, expect, it } from 'vitest';
import { groupPending, matchFolder, planFolderResume, summariseFolder, type QueuedFile } from './folder-resume';
import { folderKey, type PendingUpload } from './resume-store';

const T = 1_700_000_000_000;
const queued = (path: string, size: number, lastModified = T): QueuedFile => ({ path, file: { size, lastModified } });
const items = [queued('pics/a.jpg', 100), queued('pics/b.jpg', 200), queued('pics/sub/c.jpg', 300)];

function folder(group: string, files: QueuedFile[], createdAt = T): PendingUpload {
  return {
    sessionUrl: folderKey(group),
    kind: 'folder',
    group,
    name: `upload_${group}`,
    size: files.reduce((s, f) => s + f.file.size, 0),
    lastModified: 0,
    fingerprint: '',
    confirmed: 0,
    createdAt,
    expiresAt: '2030-01-01T00:00:00.000Z',
    files: files.map((f) => ({ path: f.path, size: f.file.size, lastModified: f.file.lastModified })),
  };
}

function fileRecord(group: string, f: QueuedFile, over: Partial<PendingUpload> = {}): PendingUpload {
  return {
    sessionUrl: `https://drive/upload?upload_id=${group}-${f.path}-${over.createdAt ?? T}`,
    kind: 'folderFile',
    group,
    path: f.path,
    name: f.path.split('/').pop()!,
    size: f.file.size,
    lastModified: f.file.lastModified,
    fingerprint: 'ffff',
    confirmed: 0,
    createdAt: T,
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

const link = (id: string) => ({ file: { id, name: id }, shortUrl: `https://anna.ferry/${id}` });

describe('folder uploads kept across a reload: grouping', () => {
  it('groups the files under their folder and keeps single files and zips apart', () => {
    const { group: _g, path: _p, ...one } = fileRecord('x', queued('one.bin', 5));
    const single: PendingUpload = { ...one, kind: 'file' };
    const zip: PendingUpload = { ...single, sessionUrl: 'zip-session', kind: 'zip' };
    const orphan = fileRecord('gone', queued('lost.bin', 1));
    const g1 = [folder('F1', items), fileRecord('F1', items[0]!), fileRecord('F1', items[1]!)];
    const { own, folders } = groupPending([single, ...g1, zip, orphan]);
    expect(own.map((p) => p.sessionUrl)).toEqual([single.sessionUrl, 'zip-session']);
    expect(folders).toHaveLength(1);
    expect(folders[0]!.folder.group).toBe('F1');
    expect(folders[0]!.files.map((f) => f.path)).toEqual(['pics/a.jpg', 'pics/b.jpg']);
  });

  it('summarises files done / total and the bytes the drive has confirmed', () => {
    const [g] = groupPending([
      folder('F1', items),
      fileRecord('F1', items[0]!, { confirmed: 100, done: link('a') }),
      fileRecord('F1', items[1]!, { confirmed: 150 }),
    ]).folders;
    expect(summariseFolder(g!)).toEqual({
      name: 'upload_F1',
      doneFiles: 1,
      totalFiles: 3,
      confirmedBytes: 250,
      totalBytes: 600,
    });
  });
});

describe('folder uploads kept across a reload: matching the folder picked again', () => {
  const groups = groupPending([folder('F1', items)]).folders;

  it('matches the same relative paths with the same sizes and last changes, in any order', () => {
    expect(matchFolder(groups, [...items].reverse())?.folder.group).toBe('F1');
  });

  it('does not match a folder with a file more, a file less, another size or another last change', () => {
    expect(matchFolder(groups, [...items, queued('pics/d.jpg', 1)])).toBeUndefined();
    expect(matchFolder(groups, items.slice(1))).toBeUndefined();
    expect(matchFolder(groups, [items[0]!, items[1]!, queued('pics/sub/c.jpg', 301)])).toBeUndefined();
    expect(matchFolder(groups, [items[0]!, items[1]!, queued('pics/sub/c.jpg', 300, T + 1)])).toBeUndefined();
    // The same name in another place of the tree is another file.
    expect(matchFolder(groups, [items[0]!, items[1]!, queued('pics/c.jpg', 300)])).toBeUndefined();
  });

  it('takes the newest of two kept uploads of the same folder', () => {
    const two = groupPending([folder('OLD', items, T), folder('NEW', items, T + 5)]).folders;
    expect(matchFolder(two, items)?.folder.group).toBe('NEW');
  });

  it('skips finished files, continues begun ones and starts the others', () => {
    const [g] = groupPending([
      folder('F1', items),
      fileRecord('F1', items[0]!, { confirmed: 100, done: link('a') }),
      fileRecord('F1', items[1]!, { confirmed: 150 }),
    ]).folders;
    const plan = planFolderResume(g!, items);
    expect(plan.get('pics/a.jpg')).toMatchObject({ kind: 'done', record: { done: link('a') } });
    expect(plan.get('pics/b.jpg')).toMatchObject({ kind: 'resume', record: { confirmed: 150 } });
    expect(plan.get('pics/sub/c.jpg')).toEqual({ kind: 'fresh' });
  });

  it('a finished record wins over a later session of the same path; otherwise the newest session', () => {
    const a = items[0]!;
    const [g] = groupPending([
      folder('F1', items),
      fileRecord('F1', a, { createdAt: T, confirmed: 100, done: link('a') }),
      fileRecord('F1', a, { createdAt: T + 9, confirmed: 10 }),
      fileRecord('F1', items[1]!, { createdAt: T, confirmed: 50 }),
      fileRecord('F1', items[1]!, { createdAt: T + 9, confirmed: 20 }),
    ]).folders;
    const plan = planFolderResume(g!, items);
    expect(plan.get(a.path)?.kind).toBe('done');
    expect(plan.get(items[1]!.path)).toMatchObject({ kind: 'resume', record: { confirmed: 20 } });
  });
});
