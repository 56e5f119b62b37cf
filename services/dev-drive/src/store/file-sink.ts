import type { Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/** Writes chunks to a file with backpressure, counting bytes and feeding an optional hash. */
export class FileSink {
  private readonly ws: WriteStream;
  bytes = 0;

  constructor(
    path: string,
    opts: { flags: 'w' | 'r+'; start?: number },
    private readonly hash?: Hash,
  ) {
    this.ws = createWriteStream(path, { flags: opts.flags, start: opts.start, highWaterMark: 1024 * 1024 });
    // Errors surface through write()/end(); keep an unhandled 'error' from crashing the process.
    this.ws.on('error', () => {});
  }

  async write(chunk: Buffer): Promise<void> {
    this.hash?.update(chunk);
    this.bytes += chunk.length;
    if (!this.ws.write(chunk)) await once(this.ws, 'drain');
  }

  /** Flushes everything written so far and closes the file. */
  async end(): Promise<void> {
    this.ws.end();
    await finished(this.ws);
  }

  /** Closes without caring about errors (used when the content is discarded anyway). */
  async discard(): Promise<void> {
    this.ws.destroy();
    await finished(this.ws).catch(() => undefined);
  }
}
