import { readDriveFailure, type DriveFailure } from '../drive/drive-errors.js';

/** A Drive answer a preview cannot go on with: its status and reason (the handler maps it). */
export class DriveMediaError extends Error {
  constructor(readonly failure: DriveFailure) {
    super(`drive answered ${failure.status}${failure.reason ? ` ${failure.reason}` : ''}`);
  }
}

export interface PreviewFileMeta {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  version: string;
  trashed: boolean;
  thumbnailLink?: string;
}

export interface FetchedImage {
  bytes: Buffer;
  contentType: string;
}

/** The Drive reads previews need, with the owner's access token. Nothing here is sent to a browser. */
export interface DriveMedia {
  meta(fileId: string, token: string): Promise<PreviewFileMeta>;
  /** Bytes [start, start + length) of the file's content (`alt=media` with `Range`). */
  readRange(fileId: string, token: string, start: number, length: number): Promise<Uint8Array>;
  /** The image behind a `thumbnailLink`, fetched with the token (a credentialed request, as Google asks). */
  thumbnail(link: string, token: string, maxBytes: number): Promise<FetchedImage>;
}

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

export function driveMedia(driveRootUrl: string, fetchImpl: typeof fetch = fetch, timeoutMs = 10_000): DriveMedia {
  const base = driveRootUrl.replace(/\/+$/, '');

  async function get(url: string, token: string, headers: Record<string, string> = {}): Promise<Response> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        headers: { authorization: `Bearer ${token}`, ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new DriveMediaError({ status: 503, reason: 'unreachable' });
    }
    if (!res.ok) throw new DriveMediaError(await readDriveFailure(res));
    return res;
  }

  return {
    async meta(fileId, token) {
      const fields = 'id,name,mimeType,size,version,trashed,thumbnailLink';
      const res = await get(`${base}/drive/v3/files/${encodeURIComponent(fileId)}?fields=${fields}`, token);
      const f = (await res.json()) as Partial<Record<keyof PreviewFileMeta, unknown>>;
      return {
        id: String(f.id ?? fileId),
        name: typeof f.name === 'string' ? f.name : '',
        mimeType: typeof f.mimeType === 'string' ? f.mimeType : 'application/octet-stream',
        size: typeof f.size === 'string' && /^\d+$/.test(f.size) ? Number(f.size) : 0,
        version: typeof f.version === 'string' ? f.version : '0',
        trashed: f.trashed === true,
        ...(typeof f.thumbnailLink === 'string' ? { thumbnailLink: f.thumbnailLink } : {}),
      };
    },

    async readRange(fileId, token, start, length) {
      const end = start + length - 1;
      const res = await get(`${base}/drive/v3/files/${encodeURIComponent(fileId)}?alt=media`, token, {
        range: `bytes=${start}-${end}`,
      });
      if (res.status !== 206) {
        // A server that ignores Range would send the whole file: stop reading at once.
        await res.body?.cancel();
        throw new DriveMediaError({ status: 502, reason: 'rangeNotHonoured' });
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength !== length) throw new DriveMediaError({ status: 502, reason: 'shortRead' });
      return bytes;
    },

    async thumbnail(link, token, maxBytes) {
      // Only the drive's own thumbnails: never a URL pointing elsewhere.
      if (!isDriveThumbnailUrl(link, base)) throw new DriveMediaError({ status: 404, reason: 'noThumbnail' });
      const res = await get(link, token);
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const declared = Number(res.headers.get('content-length') ?? '0');
      if (!IMAGE_TYPES.test(contentType) || declared > maxBytes) {
        await res.body?.cancel();
        throw new DriveMediaError({ status: 404, reason: 'noThumbnail' });
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.byteLength > maxBytes || bytes.byteLength === 0)
        throw new DriveMediaError({ status: 404, reason: 'noThumbnail' });
      return { bytes, contentType };
    },
  };
}

/** Google serves thumbnails from googleusercontent.com hosts; a stand-in serves them from its own origin. */
function isDriveThumbnailUrl(link: string, driveBase: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.origin === new URL(driveBase).origin) return true;
  return url.protocol === 'https:' && /(^|\.)googleusercontent\.com$/.test(url.hostname);
}
