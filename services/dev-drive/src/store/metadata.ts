import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CoalescedWriter, readJson } from './json-file.js';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface PermissionRecord {
  id: string;
  type: 'anyone' | 'user' | 'group' | 'domain';
  role: 'owner' | 'organizer' | 'fileOrganizer' | 'writer' | 'commenter' | 'reader';
  emailAddress?: string;
  domain?: string;
  allowFileDiscovery?: boolean;
}

export interface FileRecord {
  id: string;
  name: string;
  mimeType: string;
  description?: string;
  parents: string[];
  trashed: boolean;
  explicitlyTrashed: boolean;
  trashedTime?: string;
  starred: boolean;
  createdTime: string;
  modifiedTime: string;
  ownerSub: string;
  /** App (OAuth client, or its group) that created the file: drive.file scope only sees its own files. */
  createdByApp: string;
  isRoot?: boolean;
  size?: number;
  md5Checksum?: string;
  version: number;
  originalFilename?: string;
  properties: Record<string, string>;
  /** App properties per app id; each app sees only its own. */
  appProperties: Record<string, Record<string, string>>;
  permissions: PermissionRecord[];
}

export interface UserRecord {
  sub: string;
  email: string;
  displayName: string;
  rootId: string;
  permissionId: string;
  /** Per-user override of the default quota (bytes); null = unlimited. */
  quotaLimit?: number | null;
}

interface Snapshot {
  users: Record<string, UserRecord>;
  files: Record<string, FileRecord>;
}

function digits(n: number): string {
  return [...randomBytes(n)].map((b) => String(b % 10)).join('');
}

/** Drive ids are ~33 URL-safe characters. */
export function newFileId(): string {
  return `1${randomBytes(24).toString('base64url').slice(0, 32)}`;
}

/** In-memory metadata with whole-file JSON persistence in the data dir. */
export class MetadataStore {
  readonly users = new Map<string, UserRecord>();
  readonly files = new Map<string, FileRecord>();
  private readonly writer: CoalescedWriter;

  constructor(dataDir: string) {
    const path = join(dataDir, 'metadata.json');
    const snap = readJson<Snapshot>(path);
    for (const u of Object.values(snap?.users ?? {})) this.users.set(u.sub, u);
    for (const f of Object.values(snap?.files ?? {})) this.files.set(f.id, f);
    this.writer = new CoalescedWriter(path, () => ({
      users: Object.fromEntries(this.users),
      files: Object.fromEntries(this.files),
    }));
  }

  changed(): void {
    this.writer.changed();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  ensureUser(sub: string, email: string, displayName: string): UserRecord {
    let user = this.users.get(sub);
    if (user) {
      if (user.email !== email && email) {
        user.email = email;
        user.displayName = displayName;
        this.changed();
      }
      return user;
    }
    const now = new Date().toISOString();
    const root: FileRecord = {
      id: newFileId(),
      name: 'My Drive',
      mimeType: FOLDER_MIME,
      parents: [],
      trashed: false,
      explicitlyTrashed: false,
      starred: false,
      createdTime: now,
      modifiedTime: now,
      ownerSub: sub,
      createdByApp: '',
      isRoot: true,
      version: 1,
      properties: {},
      appProperties: {},
      permissions: [],
    };
    this.files.set(root.id, root);
    user = { sub, email, displayName, rootId: root.id, permissionId: digits(20) };
    this.users.set(sub, user);
    this.changed();
    return user;
  }

  /** Bytes counted against the owner's quota (trashed files still count, as on Drive). */
  usage(sub: string): { total: number; trash: number } {
    let total = 0;
    let trash = 0;
    for (const f of this.files.values()) {
      if (f.ownerSub !== sub || !f.size) continue;
      total += f.size;
      if (f.trashed) trash += f.size;
    }
    return { total, trash };
  }

  children(id: string): FileRecord[] {
    return [...this.files.values()].filter((f) => f.parents.includes(id));
  }

  /** The file and all its descendants (for delete and trash of folders). */
  subtree(id: string): FileRecord[] {
    const out: FileRecord[] = [];
    const stack = [id];
    const seen = new Set<string>();
    while (stack.length) {
      const cur = stack.pop()!;
      if (seen.has(cur)) continue;
      seen.add(cur);
      const f = this.files.get(cur);
      if (f) out.push(f);
      for (const c of this.children(cur)) stack.push(c.id);
    }
    return out;
  }
}
