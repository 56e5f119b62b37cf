/** The kinds of file the list tells apart by colour; the label is the file's extension. */
type Kind = 'image' | 'video' | 'audio' | 'document' | 'archive' | 'other';

export function fileKind(name: string, mimeType: string): Kind {
  const ext = extensionOf(name);
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (/zip|x-7z|x-rar|x-tar|gzip/.test(mimeType) || ['zip', '7z', 'rar', 'tar', 'gz', 'tgz'].includes(ext))
    return 'archive';
  if (mimeType === 'application/pdf' || mimeType.startsWith('text/') || /document|sheet|presentation/.test(mimeType))
    return 'document';
  return 'other';
}

/** At most 4 letters of a name's extension, upper case; '' without one. */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  const ext = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,4}$/.test(ext) ? ext : '';
}

/** A small document shape with the extension on it; decorative (the name beside it says it all). */
export function FileTypeIcon({ name, mimeType }: { name: string; mimeType: string }) {
  const kind = fileKind(name, mimeType);
  return (
    <span className="file-type" data-kind={kind} aria-hidden="true">
      {extensionOf(name).toUpperCase()}
    </span>
  );
}
