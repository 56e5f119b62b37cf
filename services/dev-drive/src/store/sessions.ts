import type { Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Principal } from '../auth.js';
import { readJson, writeJsonAtomic } from './json-file.js';

export interface SessionRecord {
  id: string;
  createdAt: number;
  /** Who initiated it: the session URI is the credential for the chunk PUTs. */
  principal: Principal;
  kind: 'create' | 'update';
  fileId?: string;
  metadata: unknown;
  contentType: string;
  /** From X-Upload-Content-Length. */
  declaredLength?: number;
  /** Known total once a chunk or the declaration states it. */
  total?: number;
  completedFileId?: string;
}

export interface LiveSession {
  rec: SessionRecord;
  /** Bytes persisted in the .part file (the next expected offset). */
  received: number;
  /** Incremental MD5 while bytes arrive in order in this process; recomputed from disk otherwise. */
  md5?: { hash: Hash; upTo: number };
  lock: Promise<void>;
}

/** Resumable upload sessions on disk: `<id>.json` (metadata) + `<id>.part` (bytes so far). */
export class UploadSessions {
  private readonly dir: string;
  private readonly live = new Map<string, LiveSession>();

  constructor(
    dataDir: string,
    private readonly ttlMs: number,
  ) {
    this.dir = join(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      const rec = readJson<SessionRecord>(join(this.dir, name));
      if (!rec) continue;
      const part = this.partPath(rec.id);
      const received = existsSync(part) ? statSync(part).size : rec.completedFileId ? (rec.total ?? 0) : 0;
      this.live.set(rec.id, { rec, received, lock: Promise.resolve() });
    }
    void this.sweep();
  }

  partPath(id: string): string {
    return join(this.dir, `${id}.part`);
  }

  async create(rec: SessionRecord): Promise<LiveSession> {
    await writeFile(this.partPath(rec.id), '');
    await this.save(rec);
    const s: LiveSession = { rec, received: 0, lock: Promise.resolve() };
    this.live.set(rec.id, s);
    return s;
  }

  save(rec: SessionRecord): Promise<void> {
    return writeJsonAtomic(join(this.dir, `${rec.id}.json`), rec);
  }

  get(id: string): LiveSession | undefined {
    const s = this.live.get(id);
    if (!s) return undefined;
    if (Date.now() - s.rec.createdAt > this.ttlMs) {
      void this.remove(id);
      return undefined;
    }
    return s;
  }

  /** Serialises requests on one session (a retry may arrive while the cut request is still draining). */
  async withLock<T>(s: LiveSession, fn: () => Promise<T>): Promise<T> {
    const previous = s.lock;
    let release!: () => void;
    s.lock = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }

  async remove(id: string): Promise<void> {
    this.live.delete(id);
    await rm(this.partPath(id), { force: true });
    await rm(join(this.dir, `${id}.json`), { force: true });
  }

  async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, s] of this.live) if (now - s.rec.createdAt > this.ttlMs) await this.remove(id);
  }

  /** For tests and the admin endpoint: pretend a session was created `ageMs` ago. */
  backdate(id: string, ageMs: number): boolean {
    const s = this.live.get(id);
    if (!s) return false;
    s.rec.createdAt = Date.now() - ageMs;
    void this.save(s.rec);
    return true;
  }
}
