import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { errors } from '../http/errors.js';
import type { RequestContext } from '../http/context.js';
import type { FileRecord } from '../store/metadata.js';
import type { BlobStore } from '../store/blobs.js';

/** `Range: bytes=a-b | a- | -n` (one range); anything else serves the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return undefined;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams the file's bytes from disk, honouring Range (206/416). */
export async function sendContent(
  ctx: RequestContext,
  blobs: BlobStore,
  f: FileRecord,
  attachment: boolean,
  served?: Map<string, number>,
): Promise<void> {
  const size = f.size ?? 0;
  const range = parseRange(ctx.req.headers.range, size);
  if (range === 'unsatisfiable') throw errors.rangeNotSatisfiable(size);
  const headers: Record<string, string | number> = {
    'content-type': f.mimeType,
    'accept-ranges': 'bytes',
    etag: `"${f.md5Checksum ?? f.version}"`,
    'last-modified': new Date(f.modifiedTime).toUTCString(),
    'cache-control': 'private, max-age=0',
  };
  if (attachment) headers['content-disposition'] = contentDisposition(f.name);
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = range.end - range.start + 1;
    ctx.res.writeHead(206, headers);
  } else {
    headers['content-length'] = size;
    ctx.res.writeHead(200, headers);
  }
  if (ctx.req.method === 'HEAD' || size === 0) {
    ctx.res.end();
    return;
  }
  const stream = createReadStream(blobs.path(f.id), {
    start: range?.start ?? 0,
    end: range?.end ?? size - 1,
    highWaterMark: 256 * 1024,
  });
  if (served)
    stream.on('data', (chunk) => {
      served.set(f.id, (served.get(f.id) ?? 0) + chunk.length);
    });
  try {
    await pipeline(stream, ctx.res);
  } catch {
    // The client went away mid-download; nothing to answer.
  }
}
