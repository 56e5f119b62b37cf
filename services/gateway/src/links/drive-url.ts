import { isDriveFileId } from './drive-id.js';

export interface DriveDownloadOptions {
  /** Origin serving public downloads: https://drive.google.com in production, the stand-in locally. */
  downloadOrigin: string;
  /** Origin of the direct download behind the virus-scan page (drive.usercontent.google.com on Google). */
  directOrigin: string;
  /** Files larger than this get Drive's virus-scan interstitial on /uc: send them to the direct URL. */
  scanThresholdBytes: number;
}

/**
 * The redirect target, built only from a validated drive file id on the configured drive host —
 * never from anything a user stored or sent (OWASP unvalidated redirects). Returns undefined for an
 * id that is not a drive id, so no Location is ever produced from it.
 */
export function driveDownloadUrl(
  opts: DriveDownloadOptions,
  driveFileId: string,
  sizeBytes: number,
): string | undefined {
  if (!isDriveFileId(driveFileId)) return undefined;
  if (sizeBytes > opts.scanThresholdBytes)
    return `${opts.directOrigin}/download?id=${driveFileId}&export=download&confirm=t`;
  return `${opts.downloadOrigin}/uc?id=${driveFileId}&export=download`;
}
