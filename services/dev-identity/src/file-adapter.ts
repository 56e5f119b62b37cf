import { join } from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { readJson, writeJson, writeJsonSync } from './persist.js';

interface Entry {
  payload: AdapterPayload;
  /** Epoch ms; undefined = no expiry. */
  expiresAt?: number;
}

type Models = Record<string, Record<string, Entry>>;

/**
 * One JSON file for every oidc-provider model (sessions, grants, tokens, interactions...).
 * The data is small, so it is kept in memory and written out (atomically, coalesced) after
 * every change; `flush()` on shutdown writes the last state.
 */
export class FileStore {
  private readonly path: string;
  private readonly models: Models;
  private writing: Promise<void> | undefined;
  private dirty = false;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'oidc-store.json');
    this.models = readJson<Models>(this.path) ?? {};
    this.sweep();
  }

  model(name: string): Record<string, Entry> {
    this.models[name] ??= {};
    return this.models[name];
  }

  changed(): void {
    this.dirty = true;
    if (!this.writing) this.writing = this.writeLoop();
  }

  async flush(): Promise<void> {
    if (this.writing) await this.writing;
    writeJsonSync(this.path, this.models);
  }

  private async writeLoop(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        await writeJson(this.path, this.models);
      }
    } finally {
      this.writing = undefined;
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const entries of Object.values(this.models)) {
      for (const [id, e] of Object.entries(entries))
        if (e.expiresAt !== undefined && e.expiresAt <= now) delete entries[id];
    }
  }

  adapterFactory(): (name: string) => Adapter {
    return (name: string) => new FileAdapter(this, name);
  }
}

class FileAdapter implements Adapter {
  constructor(
    private readonly store: FileStore,
    private readonly name: string,
  ) {}

  private get entries(): Record<string, Entry> {
    return this.store.model(this.name);
  }

  private live(id: string): Entry | undefined {
    const e = this.entries[id];
    if (!e) return undefined;
    if (e.expiresAt !== undefined && e.expiresAt <= Date.now()) {
      delete this.entries[id];
      this.store.changed();
      return undefined;
    }
    return e;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    this.entries[id] = { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined };
    this.store.changed();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.live(id)?.payload;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    for (const id of Object.keys(this.entries)) {
      const e = this.live(id);
      if (e?.payload.userCode === userCode) return e.payload;
    }
    return undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const id of Object.keys(this.entries)) {
      const e = this.live(id);
      if (e?.payload.uid === uid) return e.payload;
    }
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const e = this.live(id);
    if (e) {
      e.payload.consumed = Math.floor(Date.now() / 1000);
      this.store.changed();
    }
  }

  async destroy(id: string): Promise<void> {
    if (this.entries[id]) {
      delete this.entries[id];
      this.store.changed();
    }
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    let any = false;
    for (const [id, e] of Object.entries(this.entries)) {
      if (e.payload.grantId === grantId) {
        delete this.entries[id];
        any = true;
      }
    }
    if (any) this.store.changed();
  }
}
