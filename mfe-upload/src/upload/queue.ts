/** Spec §3 queue item: the file and its relative path (folders keep their structure). */
export interface QueueItem {
  file: File;
  path: string;
}

/** Adds items; a path already in the queue (or twice in the batch) is ignored (spec §5). */
export function addToQueue(queue: readonly QueueItem[], items: readonly QueueItem[]): QueueItem[] {
  const seen = new Set(queue.map((i) => i.path));
  const next = [...queue];
  for (const item of items) {
    const path = normalisePath(item.path || item.file.name);
    if (path === '' || seen.has(path)) continue;
    seen.add(path);
    next.push({ file: item.file, path });
  }
  return next;
}

export function removeFromQueue(queue: readonly QueueItem[], path: string): QueueItem[] {
  return queue.filter((i) => i.path !== path);
}

export function queueBytes(queue: readonly QueueItem[]): number {
  return queue.reduce((sum, i) => sum + i.file.size, 0);
}

/** Forward slashes, no leading slash or dot segments. */
export function normalisePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .join('/');
}

/** Spec §5: upload needs a non-empty queue, a drive session and no running upload. */
export function canUpload(queue: readonly QueueItem[], signedIn: boolean, busy: boolean): boolean {
  return queue.length > 0 && signedIn && !busy;
}
