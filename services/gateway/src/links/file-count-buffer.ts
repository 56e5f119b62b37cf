import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CountBatch, CountBuffer } from './count-buffer.js';

/** One line per event: a batch appended (`b`) or batches acknowledged (`a`). */
type Line = { b: CountBatch } | { a: string[] };

/** Once every batch is acknowledged and the file has grown past this, it starts over empty. */
const TRUNCATE_AT_BYTES = 1024 * 1024;

/** The unacknowledged batches a file describes, in order; a torn last line (a crash mid-write) is skipped. */
export function replay(text: string): Map<string, CountBatch> {
  const batches = new Map<string, CountBatch>();
  for (const raw of text.split('\n')) {
    if (raw === '') continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue;
    }
    if ('b' in line && typeof line.b?.id === 'string' && Array.isArray(line.b.slugs) && Array.isArray(line.b.counts))
      batches.set(line.b.id, line.b);
    else if ('a' in line && Array.isArray(line.a)) for (const id of line.a) batches.delete(id);
  }
  return batches;
}

/**
 * An append-only JSON-lines file (single-machine mode: under the data dir), one gateway per file.
 * Every write is flushed to disk (fdatasync) before it resolves. At open, what a previous run
 * left unacknowledged is read back and the file is rewritten with just that.
 */
export function fileCountBuffer(path: string): CountBuffer {
  let batches = new Map<string, CountBatch>();
  let bytes = 0;
  let handle: FileHandle | undefined;
  // Writes one at a time, in order.
  let tail: Promise<unknown> = Promise.resolve();

  const ready = (async () => {
    await mkdir(dirname(path), { recursive: true });
    const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
    batches = replay(text);
    const compact = [...batches.values()].map((b) => `${JSON.stringify({ b } satisfies Line)}\n`).join('');
    const tmp = `${path}.tmp`;
    const out = await open(tmp, 'w', 0o600);
    await out.writeFile(compact);
    await out.datasync();
    await out.close();
    await rename(tmp, path);
    bytes = Buffer.byteLength(compact);
    handle = await open(path, 'a');
  })();

  const write = (line: Line) => {
    const data = `${JSON.stringify(line)}\n`;
    const done = tail.then(async () => {
      await ready;
      await handle!.appendFile(data);
      await handle!.datasync();
      bytes += Buffer.byteLength(data);
    });
    tail = done.catch(() => undefined);
    return done;
  };

  return {
    kind: 'file',
    async append(batch) {
      await write({ b: batch });
      batches.set(batch.id, batch);
    },
    async take(max) {
      await ready;
      return [...batches.values()].slice(0, max);
    },
    async ack(ids) {
      await write({ a: ids });
      for (const id of ids) batches.delete(id);
      if (batches.size === 0 && bytes > TRUNCATE_AT_BYTES) {
        const done = tail.then(async () => {
          if (batches.size > 0) return;
          await handle!.truncate(0);
          bytes = 0;
        });
        tail = done.catch(() => undefined);
        await done;
      }
    },
    async close() {
      await ready.catch(() => undefined);
      await tail;
      await handle?.close();
      handle = undefined;
    },
  };
}
