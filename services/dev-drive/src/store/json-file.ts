import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { writeFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

export function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Atomic replace (tmp + rename) so a crash never leaves half a file. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, JSON.stringify(value));
  await rename(tmp, path);
}

/** Coalesces many change notifications into sequential whole-file writes. */
export class CoalescedWriter {
  private writing: Promise<void> | undefined;
  private dirty = false;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => unknown,
  ) {}

  changed(): void {
    this.dirty = true;
    this.writing ??= this.loop();
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async loop(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        await writeJsonAtomic(this.path, this.snapshot());
      }
    } finally {
      this.writing = undefined;
    }
  }
}
