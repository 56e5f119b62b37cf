import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** File contents live on disk, one file per Drive file id; never held whole in memory. */
export class BlobStore {
  private readonly dir: string;
  private readonly tmpDir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'blobs');
    this.tmpDir = join(dataDir, 'tmp');
    mkdirSync(this.dir, { recursive: true });
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { recursive: true });
  }

  path(fileId: string): string {
    return join(this.dir, fileId);
  }

  tempPath(): string {
    return join(this.tmpDir, randomBytes(12).toString('hex'));
  }

  async commit(fromPath: string, fileId: string): Promise<void> {
    await rename(fromPath, this.path(fileId));
  }

  async remove(fileId: string): Promise<void> {
    await rm(this.path(fileId), { force: true });
  }
}
