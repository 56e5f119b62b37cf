/** Drive file ids are opaque URL-safe strings (~33 characters); anything else is refused, so a URL can never pass as an id. */
const DRIVE_FILE_ID = /^[A-Za-z0-9_-]{10,128}$/;

export function isValidDriveFileId(value: string): boolean {
  return DRIVE_FILE_ID.test(value);
}
