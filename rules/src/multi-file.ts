/**
 * Spec §9 multi-file threshold: several files totalling this or more are uploaded as a folder with
 * each file separately, under ONE transfer link; smaller sets are zipped without compression into
 * one file. A single file is uploaded as it is. The gateway's UPLOAD_FOLDER_THRESHOLD_BYTES (served
 * to the upload screen at run time) may lower it for a deployment or a test stack.
 */
export const MULTI_FILE_THRESHOLD_BYTES = 1024 ** 3;

export type UploadShape = 'single' | 'zip' | 'folder';

/** How a set of `count` files totalling `totalBytes` is uploaded. */
export function uploadShape(count: number, totalBytes: number, threshold = MULTI_FILE_THRESHOLD_BYTES): UploadShape {
  if (count <= 1) return 'single';
  return totalBytes >= threshold ? 'folder' : 'zip';
}
