import type { Schema } from './fields.js';

const USER: Schema = { kind: null, displayName: null, emailAddress: null, permissionId: null, me: null, photoLink: null };

export const PERMISSION: Schema = {
  kind: null, id: null, type: null, role: null, emailAddress: null, domain: null, displayName: null, photoLink: null,
  allowFileDiscovery: null, expirationTime: null, deleted: null, pendingOwner: null, view: null, permissionDetails: null,
  teamDrivePermissionDetails: null, inheritedPermissionsDisabled: null,
};

/** Drive v3 File resource field names (https://developers.google.com/workspace/drive/api/reference/rest/v3/files). */
export const FILE: Schema = {
  kind: null, id: null, name: null, mimeType: null, description: null, starred: null, trashed: null, explicitlyTrashed: null,
  trashingUser: USER, trashedTime: null, parents: null, properties: null, appProperties: null, spaces: null, version: null,
  webContentLink: null, webViewLink: null, iconLink: null, hasThumbnail: null, thumbnailLink: null, thumbnailVersion: null,
  viewedByMe: null, viewedByMeTime: null, createdTime: null, modifiedTime: null, modifiedByMeTime: null, modifiedByMe: null,
  sharedWithMeTime: null, sharingUser: USER, owners: USER, teamDriveId: null, driveId: null, lastModifyingUser: USER,
  shared: null, ownedByMe: null, capabilities: null, viewersCanCopyContent: null, copyRequiresWriterPermission: null,
  writersCanShare: null, permissions: PERMISSION, permissionIds: null, hasAugmentedPermissions: null,
  folderColorRgb: null, originalFilename: null, fullFileExtension: null, fileExtension: null, md5Checksum: null,
  sha1Checksum: null, sha256Checksum: null, size: null, quotaBytesUsed: null, headRevisionId: null, contentHints: null,
  imageMediaMetadata: null, videoMediaMetadata: null, isAppAuthorized: null, exportLinks: null, shortcutDetails: null,
  contentRestrictions: null, resourceKey: null, linkShareMetadata: null, labelInfo: null, downloadRestrictions: null,
  inheritedPermissionsDisabled: null,
};

export const FILE_LIST: Schema = { kind: null, nextPageToken: null, incompleteSearch: null, files: FILE };
export const PERMISSION_LIST: Schema = { kind: null, nextPageToken: null, permissions: PERMISSION };
export const GENERATED_IDS: Schema = { kind: null, space: null, ids: null };

export const ABOUT: Schema = {
  kind: null, user: USER,
  storageQuota: { limit: null, usage: null, usageInDrive: null, usageInDriveTrash: null },
  importFormats: null, exportFormats: null, maxImportSizes: null, maxUploadSize: null, appInstalled: null,
  folderColorPalette: null, driveThemes: null, canCreateDrives: null, canCreateTeamDrives: null, teamDriveThemes: null,
};
