import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDriveServer, DriveError, type DriveServer, type Principal } from '@ferry/dev-drive';
import { createLogger } from '@ferry/service-kit';

const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** Every Drive request the sweepers made, with its answer (per-file counts, no 5xx). */
export interface DriveCall {
  method: string;
  path: string;
  status: number;
}

/**
 * The Drive stand-in (@ferry/dev-drive) in-process on a free port. A token is `tok-<sub>`; tokens in
 * `revoked` read as inactive (401), as the provider answers for a revoked grant.
 */
export class DriveStandIn {
  readonly calls: DriveCall[] = [];
  readonly revoked = new Set<string>();
  url = '';
  private server!: DriveServer;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'link-sweeper-drive-'));

  async start(): Promise<void> {
    this.server = createDriveServer({
      dataDir: this.dataDir,
      auth: {
        verify: async (token): Promise<Principal> => {
          // tok-<sub>, or what the OIDC stub (test/oidc-stub.ts) answers for the refresh token rt-<sub>.
          const sub = /^tok-(.+)$/.exec(token)?.[1] ?? /^access-\d+-rt-(.+)$/.exec(token)?.[1];
          if (!sub || this.revoked.has(token)) throw new DriveError(401, 'authError', 'Invalid Credentials');
          return { sub, email: `${sub}@example.com`, displayName: sub, appId: 'ferry', fullAccess: false };
        },
      },
      quotaBytes: null,
      scanThresholdBytes: 1024 * 1024,
      adminEnabled: true,
      logger: createLogger('drive', 'silent'),
    });
    this.url = await this.server.listen(0, '127.0.0.1');
    // Every request that reached the stand-in, whoever made it (also a child process).
    this.server.server.on('request', (req: IncomingMessage) => {
      this.received.push({ method: req.method ?? '', path: new URL(req.url ?? '/', this.url).pathname });
    });
  }

  readonly received: Array<{ method: string; path: string }> = [];

  /** Requests that reached the stand-in for one file: permission deletes and PATCHes (trash). */
  requestsFor(fileId: string): { revokes: number; trashes: number } {
    const mine = this.received.filter((r) => r.path.startsWith(`/drive/v3/files/${fileId}`));
    return {
      revokes: mine.filter((r) => r.method === 'DELETE' && r.path.includes('/permissions/')).length,
      trashes: mine.filter((r) => r.method === 'PATCH' && r.path === `/drive/v3/files/${fileId}`).length,
    };
  }

  async pendingFaults(): Promise<Array<{ remaining: number }>> {
    const body = (await (await fetch(`${this.url}/__admin/faults`)).json()) as { faults: Array<{ remaining: number }> };
    return body.faults;
  }

  tokenOf(sub: string): string {
    return `tok-${sub}`;
  }

  /** A fetch that records every call (what the sweepers get as their fetch). */
  readonly countingFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const res = await fetch(input, init);
    this.calls.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, status: res.status });
    return res;
  };

  /** Successful calls per file id: permission deletes and trash PATCHes. */
  removals(): { revokes: Map<string, number>; trashes: Map<string, number>; serverErrors: number } {
    const revokes = new Map<string, number>();
    const trashes = new Map<string, number>();
    for (const c of this.calls) {
      if (c.status >= 300) continue;
      const perm = /^\/drive\/v3\/files\/([^/]+)\/permissions\/[^/]+$/.exec(c.path);
      if (c.method === 'DELETE' && perm) revokes.set(perm[1]!, (revokes.get(perm[1]!) ?? 0) + 1);
      const file = /^\/drive\/v3\/files\/([^/]+)$/.exec(c.path);
      if (c.method === 'PATCH' && file) trashes.set(file[1]!, (trashes.get(file[1]!) ?? 0) + 1);
    }
    return { revokes, trashes, serverErrors: this.calls.filter((c) => c.status >= 500).length };
  }

  async api<T>(sub: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.tokenOf(sub)}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? {} : await res.json()) as T;
  }

  /** The owner's Ferry folder (appProperty ferryRoot=true), made once per owner. */
  async ferryFolder(sub: string): Promise<string> {
    const list = await this.api<{ files: Array<{ id: string }> }>(
      sub,
      'GET',
      `/drive/v3/files?q=${encodeURIComponent("name = '_ferryuploads' and trashed = false")}&fields=files(id)`,
    );
    if (list.files[0]) return list.files[0].id;
    return (
      await this.api<{ id: string }>(sub, 'POST', '/drive/v3/files?fields=id', {
        name: '_ferryuploads',
        mimeType: FOLDER_MIME,
        appProperties: { ferryRoot: 'true' },
      })
    ).id;
  }

  async folder(sub: string, name: string, parent: string): Promise<string> {
    return (
      await this.api<{ id: string }>(sub, 'POST', '/drive/v3/files?fields=id', {
        name,
        mimeType: FOLDER_MIME,
        parents: [parent],
      })
    ).id;
  }

  /** A file under `parent`, shared with anyone who has the link (what an upload through Ferry leaves). */
  async sharedFile(sub: string, name: string, parent: string): Promise<string> {
    const { id } = await this.api<{ id: string }>(sub, 'POST', '/drive/v3/files?fields=id', {
      name,
      mimeType: 'text/plain',
      parents: [parent],
    });
    await this.api(sub, 'POST', `/drive/v3/files/${id}/permissions`, { type: 'anyone', role: 'reader' });
    return id;
  }

  async file(sub: string, id: string): Promise<{ trashed: boolean; parents: string[] }> {
    return this.api(sub, 'GET', `/drive/v3/files/${id}?fields=trashed,parents`);
  }

  async permissionTypes(sub: string, id: string): Promise<string[]> {
    const res = await this.api<{ permissions: Array<{ type: string }> }>(
      sub,
      'GET',
      `/drive/v3/files/${id}/permissions?fields=permissions(type)`,
    );
    return res.permissions.map((p) => p.type);
  }

  /** What an anonymous visitor of the file's public download URL gets. */
  async anonymousDownloadStatus(id: string): Promise<number> {
    const res = await fetch(`${this.url}/uc?id=${id}&export=download`, { redirect: 'manual' });
    await res.body?.cancel();
    return res.status;
  }

  async fault(spec: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${this.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(spec),
    });
    if (!res.ok) throw new Error(`fault: ${res.status}`);
  }

  async close(): Promise<void> {
    await this.server.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
