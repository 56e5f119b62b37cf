/** Drive file ids are opaque URL-safe strings; a URL or path can never pass. */
const DRIVE_FILE_ID = /^[A-Za-z0-9_-]{10,128}$/;

export function isDriveFileId(value: string): boolean {
  return DRIVE_FILE_ID.test(value);
}
