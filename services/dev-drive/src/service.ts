import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { Principal } from './auth.js';
import { DriveError, errors } from './http/errors.js';
import type { QueryTarget } from './domain/query.js';
import type { Sortable } from './domain/order.js';
import type { BlobStore } from './store/blobs.js';
import {
  FOLDER_MIME,
  type MetadataStore,
  newFileId,
  type FileRecord,
  type PermissionRecord,
  type UserRecord,
} from './store/metadata.js';

export const GOOGLE_APPS_PREFIX = 'application/vnd.google-apps.';

export interface DriveLimits {
  /** Default per-user quota in bytes; null = unlimited (about.storageQuota.limit omitted). */
  quotaBytes: number | null;
}

/** Metadata as sent by clients in create/update bodies. */
export interface FileMetadataInput {
  id?: string;
  name?: string;
  mimeType?: string;
  description?: string;
  parents?: string[];
  starred?: boolean;
  trashed?: boolean;
  modifiedTime?: string;
  createdTime?: string;
  originalFilename?: string;
  appProperties?: Record<string, string | null>;
  properties?: Record<string, string | null>;
}

export interface ContentInput {
  /** A completed file on disk (moved into the blob store). */
  path: string;
  size: number;
  md5: string;
}

const WRITABLE = new Set([
  'name',
  'mimeType',
  'description',
  'starred',
  'trashed',
  'modifiedTime',
  'appProperties',
  'properties',
  'originalFilename',
  'viewedByMeTime',
  'folderColorRgb',
  'contentHints',
  'copyRequiresWriterPermission',
  'writersCanShare',
  'contentRestrictions',
  'kind',
]);

export async function md5OfFile(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Drive semantics over the metadata and blob stores: visibility, quota, create/update/delete. */
export class DriveService {
  constructor(
    readonly meta: MetadataStore,
    readonly blobs: BlobStore,
    private readonly limits: DriveLimits,
  ) {}

  user(p: Principal): UserRecord {
    return this.meta.ensureUser(p.sub, p.email, p.displayName);
  }

  /** drive.file: an app sees the user's root and the files it created; `drive` sees all of the user's files. */
  visible(f: FileRecord, p: Principal): boolean {
    return f.ownerSub === p.sub && (p.fullAccess || f.isRoot === true || f.createdByApp === p.appId);
  }

  resolveId(p: Principal, id: string): string {
    return id === 'root' ? this.user(p).rootId : id;
  }

  get(p: Principal, id: string): FileRecord {
    const f = this.meta.files.get(this.resolveId(p, id));
    if (!f || !this.visible(f, p)) throw errors.notFound(id);
    return f;
  }

  quotaLimit(user: UserRecord): number | null {
    return user.quotaLimit === undefined ? this.limits.quotaBytes : user.quotaLimit;
  }

  /** Throws storageQuotaExceeded when `extraBytes` more would not fit. */
  checkQuota(p: Principal, extraBytes: number): void {
    const user = this.user(p);
    const limit = this.quotaLimit(user);
    if (limit === null) return;
    if (this.meta.usage(user.sub).total + extraBytes > limit) throw errors.quotaExceeded();
  }

  private checkParents(p: Principal, parents: string[] | undefined): string[] {
    const user = this.user(p);
    if (parents === undefined || parents.length === 0) return [user.rootId];
    if (!Array.isArray(parents) || parents.some((x) => typeof x !== 'string')) throw errors.invalidParam('parents');
    if (parents.length > 1) {
      throw new DriveError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
    }
    return parents.map((id) => {
      const f = this.meta.files.get(id === 'root' ? user.rootId : id);
      if (!f || !this.visible(f, p))
        throw new DriveError(404, 'notFound', `File not found: ${id}.`, {
          location: 'fileId',
          locationType: 'parameter',
        });
      if (f.mimeType !== FOLDER_MIME)
        throw new DriveError(400, 'invalidParent', 'The specified parent is not a folder.');
      return f.id;
    });
  }

  private validateInput(input: unknown, forUpdate: boolean): FileMetadataInput {
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      throw errors.badRequest('The request body must be a JSON object.');
    const m = input as Record<string, unknown>;
    if (forUpdate) {
      if ('parents' in m) {
        throw new DriveError(
          403,
          'fieldNotWritable',
          'The parents field is not directly writable in update requests. Use the addParents and removeParents parameters instead.',
        );
      }
      for (const k of Object.keys(m)) {
        if (!WRITABLE.has(k))
          throw new DriveError(
            403,
            'fieldNotWritable',
            'The resource body includes fields which are not directly writable.',
          );
      }
    }
    const str = (k: string): void => {
      if (m[k] !== undefined && typeof m[k] !== 'string') throw errors.invalidParam(k, `Invalid value for ${k}`);
    };
    ['name', 'mimeType', 'description', 'id', 'modifiedTime', 'createdTime', 'originalFilename'].forEach(str);
    for (const k of ['starred', 'trashed'])
      if (m[k] !== undefined && typeof m[k] !== 'boolean') throw errors.invalidParam(k);
    for (const k of ['appProperties', 'properties']) {
      const v = m[k];
      if (v === undefined) continue;
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw errors.invalidParam(k);
      for (const [pk, pv] of Object.entries(v)) {
        if (pv !== null && typeof pv !== 'string') throw errors.invalidParam(k, `Invalid value for ${k}.${pk}`);
        // Drive's limit: key + value at most 124 bytes.
        if (Buffer.byteLength(pk) + Buffer.byteLength(pv ?? '') > 124) {
          throw errors.badRequest(`The size of the property ${pk} exceeds the maximum of 124 bytes.`);
        }
      }
    }
    for (const k of ['modifiedTime', 'createdTime'])
      if (typeof m[k] === 'string' && Number.isNaN(Date.parse(m[k] as string))) throw errors.invalidParam(k);
    return m as FileMetadataInput;
  }

  parseCreateInput(input: unknown): FileMetadataInput {
    return this.validateInput(input, false);
  }

  async create(p: Principal, input: unknown, content?: ContentInput, contentType?: string): Promise<FileRecord> {
    const m = this.validateInput(input, false);
    const parents = this.checkParents(p, m.parents);
    if (m.id !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(m.id)) throw errors.invalidParam('id', 'The provided file ID is not usable.');
      if (this.meta.files.has(m.id))
        throw new DriveError(409, 'duplicate', 'A file already exists with the provided ID.');
    }
    const mimeType = m.mimeType ?? contentType ?? 'application/octet-stream';
    const isFolder = mimeType === FOLDER_MIME;
    if (content && mimeType.startsWith(GOOGLE_APPS_PREFIX))
      throw errors.badRequest(`Content cannot be uploaded for ${mimeType}.`);
    if (content) this.checkQuota(p, content.size);
    const now = new Date().toISOString();
    const f: FileRecord = {
      id: m.id ?? newFileId(),
      name: m.name ?? 'Untitled',
      mimeType,
      description: m.description,
      parents,
      trashed: m.trashed ?? false,
      explicitlyTrashed: m.trashed ?? false,
      starred: m.starred ?? false,
      createdTime: m.createdTime ? new Date(m.createdTime).toISOString() : now,
      modifiedTime: m.modifiedTime ? new Date(m.modifiedTime).toISOString() : now,
      ownerSub: p.sub,
      createdByApp: p.appId,
      version: 1,
      originalFilename: m.originalFilename ?? (content ? m.name : undefined),
      properties: dropNulls(m.properties),
      appProperties: {},
      permissions: [],
    };
    const app = dropNulls(m.appProperties);
    if (Object.keys(app).length) f.appProperties[p.appId] = app;
    if (!isFolder && !mimeType.startsWith(GOOGLE_APPS_PREFIX)) {
      if (content) {
        await this.blobs.commit(content.path, f.id);
        f.size = content.size;
        f.md5Checksum = content.md5;
      } else {
        await writeFile(this.blobs.path(f.id), '');
        f.size = 0;
        f.md5Checksum = 'd41d8cd98f00b204e9800998ecf8427e';
      }
    }
    this.meta.files.set(f.id, f);
    this.meta.changed();
    return f;
  }

  /** PATCH semantics: absent keys kept, `null` in appProperties/properties deletes the key. */
  async update(
    p: Principal,
    id: string,
    input: unknown,
    opts: { addParents?: string | null; removeParents?: string | null },
    content?: ContentInput,
    contentType?: string,
  ): Promise<FileRecord> {
    const f = this.get(p, id);
    if (f.isRoot) throw errors.insufficientFilePermissions();
    const m = this.validateInput(input, true);
    if (content) {
      if (f.mimeType === FOLDER_MIME || f.mimeType.startsWith(GOOGLE_APPS_PREFIX))
        throw errors.badRequest('This file cannot have content.');
      this.checkQuota(p, content.size - (f.size ?? 0));
    }
    const now = new Date().toISOString();
    if (m.name !== undefined) f.name = m.name;
    if (m.description !== undefined) f.description = m.description;
    if (m.starred !== undefined) f.starred = m.starred;
    if (m.mimeType !== undefined) f.mimeType = m.mimeType;
    else if (content && contentType) f.mimeType = contentType;
    if (m.originalFilename !== undefined) f.originalFilename = m.originalFilename;
    if (m.properties) f.properties = mergeProps(f.properties, m.properties);
    if (m.appProperties) {
      const merged = mergeProps(f.appProperties[p.appId] ?? {}, m.appProperties);
      if (Object.keys(merged).length) f.appProperties[p.appId] = merged;
      else delete f.appProperties[p.appId];
    }
    if (m.trashed !== undefined && m.trashed !== f.trashed) this.setTrashed(f, m.trashed, now);
    if (opts.addParents || opts.removeParents) {
      const remove = new Set(
        (opts.removeParents ?? '')
          .split(',')
          .filter(Boolean)
          .map((x) => this.resolveId(p, x)),
      );
      const add = (opts.addParents ?? '').split(',').filter(Boolean);
      let parents = f.parents.filter((x) => !remove.has(x));
      if (add.length) parents = [...new Set([...parents, ...this.checkParents(p, add.slice(0, 1))])];
      if (add.length > 1 || parents.length > 1) {
        throw new DriveError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
      }
      for (const parentId of parents) {
        if (this.meta.subtree(f.id).some((d) => d.id === parentId))
          throw new DriveError(400, 'invalidParent', 'A folder cannot be moved into itself.');
      }
      f.parents = parents.length ? parents : [this.user(p).rootId];
    }
    if (content) {
      await this.blobs.commit(content.path, f.id);
      f.size = content.size;
      f.md5Checksum = content.md5;
    }
    f.modifiedTime = m.modifiedTime ? new Date(m.modifiedTime).toISOString() : now;
    f.version++;
    this.meta.changed();
    return f;
  }

  private setTrashed(f: FileRecord, trashed: boolean, now: string): void {
    f.explicitlyTrashed = trashed;
    for (const d of this.meta.subtree(f.id)) {
      if (trashed) {
        if (!d.trashed) {
          d.trashed = true;
          d.trashedTime = now;
        }
      } else if (d === f || !d.explicitlyTrashed) {
        d.trashed = false;
        delete d.trashedTime;
      }
    }
  }

  /** Permanent delete; a folder takes its contents with it. */
  async delete(p: Principal, id: string): Promise<void> {
    const f = this.get(p, id);
    if (f.isRoot) throw errors.insufficientFilePermissions();
    for (const d of this.meta.subtree(f.id)) {
      this.meta.files.delete(d.id);
      await this.blobs.remove(d.id);
    }
    this.meta.changed();
  }

  async emptyTrash(p: Principal): Promise<void> {
    for (const f of [...this.meta.files.values()]) {
      if (f.trashed && this.visible(f, p) && this.meta.files.has(f.id)) await this.delete(p, f.id);
    }
  }

  addPermission(f: FileRecord, perm: PermissionRecord): PermissionRecord {
    const existing = f.permissions.findIndex((x) => x.id === perm.id);
    if (existing >= 0) f.permissions[existing] = perm;
    else f.permissions.push(perm);
    this.meta.changed();
    return perm;
  }

  isPublic(f: FileRecord): boolean {
    return f.permissions.some((x) => x.type === 'anyone');
  }

  queryTarget(f: FileRecord, p: Principal, user: UserRecord): QueryTarget {
    const parents = f.parents.includes(user.rootId) ? [...f.parents, 'root'] : f.parents;
    const readers = [user.email, ...f.permissions.filter((x) => x.emailAddress).map((x) => x.emailAddress!)];
    return {
      name: f.name,
      mimeType: f.mimeType,
      description: f.description ?? '',
      parents,
      owners: [user.email],
      writers: [
        user.email,
        ...f.permissions.filter((x) => x.role === 'writer' && x.emailAddress).map((x) => x.emailAddress!),
      ],
      readers,
      trashed: f.trashed,
      starred: f.starred,
      sharedWithMe: false,
      createdTime: Date.parse(f.createdTime),
      modifiedTime: Date.parse(f.modifiedTime),
      viewedByMeTime: Date.parse(f.modifiedTime),
      properties: f.properties,
      appProperties: f.appProperties[p.appId] ?? {},
      visibility: f.permissions.some((x) => x.type === 'anyone')
        ? f.permissions.some((x) => x.type === 'anyone' && x.allowFileDiscovery)
          ? 'anyoneCanFind'
          : 'anyoneWithLink'
        : 'limited',
      shortcutTargetId: undefined,
    };
  }

  sortable(f: FileRecord): Sortable {
    return {
      id: f.id,
      name: f.name,
      isFolder: f.mimeType === FOLDER_MIME,
      createdTime: Date.parse(f.createdTime),
      modifiedTime: Date.parse(f.modifiedTime),
      quotaBytesUsed: f.size ?? 0,
      starred: f.starred,
    };
  }
}

function dropNulls(m: Record<string, string | null> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m ?? {})) if (v !== null) out[k] = v;
  return out;
}

function mergeProps(current: Record<string, string>, patch: Record<string, string | null>): Record<string, string> {
  const out = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
