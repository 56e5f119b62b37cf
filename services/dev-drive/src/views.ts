import type { Principal } from './auth.js';
import { hasThumbnail, type Thumbnails } from './thumbnails.js';
import { FOLDER_MIME, type FileRecord, type PermissionRecord, type UserRecord } from './store/metadata.js';

/** Builds Google-shaped JSON (int64 as strings, RFC 3339 times) for the calling app. */
export class Views {
  constructor(
    private readonly publicUrl: (origin: string) => string,
    private readonly thumbnails: Thumbnails,
  ) {}

  user(u: UserRecord): Record<string, unknown> {
    return {
      kind: 'drive#user',
      displayName: u.displayName,
      emailAddress: u.email,
      permissionId: u.permissionId,
      me: true,
    };
  }

  ownerPermission(u: UserRecord): Record<string, unknown> {
    return {
      kind: 'drive#permission',
      id: u.permissionId,
      type: 'user',
      role: 'owner',
      emailAddress: u.email,
      displayName: u.displayName,
      deleted: false,
      pendingOwner: false,
    };
  }

  permission(perm: PermissionRecord): Record<string, unknown> {
    const out: Record<string, unknown> = { kind: 'drive#permission', id: perm.id, type: perm.type, role: perm.role };
    if (perm.emailAddress) out.emailAddress = perm.emailAddress;
    if (perm.domain) out.domain = perm.domain;
    if (perm.type === 'anyone' || perm.type === 'domain') out.allowFileDiscovery = perm.allowFileDiscovery ?? false;
    return out;
  }

  file(f: FileRecord, p: Principal, owner: UserRecord, origin: string): Record<string, unknown> {
    const base = this.publicUrl(origin);
    const isFolder = f.mimeType === FOLDER_MIME;
    const ext = !isFolder && f.name.includes('.') ? f.name.slice(f.name.lastIndexOf('.') + 1) : undefined;
    const perms = [this.ownerPermission(owner), ...f.permissions.map((x) => this.permission(x))];
    const out: Record<string, unknown> = {
      kind: 'drive#file',
      id: f.id,
      name: f.name,
      mimeType: f.mimeType,
      description: f.description,
      starred: f.starred,
      trashed: f.trashed,
      explicitlyTrashed: f.explicitlyTrashed,
      trashedTime: f.trashedTime,
      parents: f.isRoot ? undefined : f.parents,
      spaces: ['drive'],
      version: String(f.version),
      webViewLink: isFolder ? `${base}/drive/folders/${f.id}` : `${base}/file/d/${f.id}/view?usp=drivesdk`,
      webContentLink: isFolder || f.size === undefined ? undefined : `${base}/uc?id=${f.id}&export=download`,
      hasThumbnail: hasThumbnail(f),
      // Short-lived and signed, as Google's (hours); only images get one here.
      thumbnailLink: hasThumbnail(f) ? this.thumbnails.link(base, f) : undefined,
      thumbnailVersion: hasThumbnail(f) ? String(f.version) : '0',
      viewedByMe: true,
      viewedByMeTime: f.modifiedTime,
      createdTime: f.createdTime,
      modifiedTime: f.modifiedTime,
      modifiedByMeTime: f.modifiedTime,
      modifiedByMe: true,
      owners: [this.user(owner)],
      lastModifyingUser: this.user(owner),
      shared: f.permissions.length > 0,
      ownedByMe: f.ownerSub === p.sub,
      viewersCanCopyContent: true,
      copyRequiresWriterPermission: false,
      writersCanShare: true,
      permissions: perms,
      permissionIds: perms.map((x) => x.id),
      originalFilename: f.originalFilename,
      fullFileExtension: ext,
      fileExtension: ext,
      md5Checksum: f.md5Checksum,
      size: f.size === undefined ? undefined : String(f.size),
      quotaBytesUsed: String(f.size ?? 0),
      headRevisionId: f.size === undefined ? undefined : `0B${f.id.slice(0, 20)}v${f.version}`,
      isAppAuthorized: f.createdByApp === p.appId,
      capabilities: {
        canAddChildren: isFolder,
        canDelete: !f.isRoot,
        canDownload: !isFolder,
        canEdit: true,
        canListChildren: isFolder,
        canRename: !f.isRoot,
        canShare: true,
        canTrash: !f.isRoot,
        canUntrash: !f.isRoot,
        canReadRevisions: !isFolder,
      },
      appProperties: f.appProperties[p.appId],
      properties: Object.keys(f.properties).length ? f.properties : undefined,
    };
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
    return out;
  }
}
