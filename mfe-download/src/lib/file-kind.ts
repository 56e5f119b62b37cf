/** What the download page can show of a file before it is downloaded. */
export type PreviewKind = 'thumbnail' | 'zip' | 'icon';

/** The drive makes thumbnails of images, PDFs and videos. */
const THUMBNAIL_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'heif',
  'svg',
  'pdf',
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'wmv',
  'mpg',
  'mpeg',
  '3gp',
]);
const ZIP_MIMES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

/** The file's extension in lower case ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** Thumbnail for images, PDFs and videos; the list of files for a zip; else an icon. The type wins over the name. */
export function previewKind(fileName: string, mime?: string): PreviewKind {
  const type = mime?.toLowerCase().split(';')[0]?.trim() ?? '';
  if (ZIP_MIMES.has(type)) return 'zip';
  if (type.startsWith('image/') || type.startsWith('video/') || type === 'application/pdf') return 'thumbnail';
  const ext = extensionOf(fileName);
  if (ext === 'zip') return 'zip';
  return THUMBNAIL_EXTENSIONS.has(ext) ? 'thumbnail' : 'icon';
}

/** A short label drawn in the file-type icon: the extension (at most 4 letters), else the type's family. */
export function iconLabel(fileName: string, mime?: string): string {
  const ext = extensionOf(fileName);
  if (/^[a-z0-9]{1,4}$/.test(ext)) return ext.toUpperCase();
  const family = mime?.split('/')[0];
  return family && /^[a-z]{1,5}$/.test(family) ? family.toUpperCase() : 'FILE';
}
