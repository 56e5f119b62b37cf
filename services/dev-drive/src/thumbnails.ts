import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Jimp } from 'jimp';
import type { FileRecord } from './store/metadata.js';

/** Image types the stand-in makes thumbnails of (Drive does more: PDFs and videos too). */
const THUMBNAIL_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/tiff']);
/** Google makes no thumbnail of a larger file; decoding one in pure JS would also take long here. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** `thumbnailLink` ends in `=s220` as Google's do; a caller may ask for another edge length. */
export const DEFAULT_THUMBNAIL_EDGE = 220;
const MAX_THUMBNAIL_EDGE = 1600;
/** Google documents the link as short-lived, "typically on the order of hours". */
export const THUMBNAIL_LINK_TTL_MS = 4 * 3600_000;
const CACHE_ENTRIES = 64;

export function hasThumbnail(f: FileRecord): boolean {
  return THUMBNAIL_MIMES.has(f.mimeType) && f.size !== undefined && f.size > 0 && f.size <= MAX_SOURCE_BYTES;
}

export type ThumbnailLinkCheck = { ok: true; fileId: string; version: number; edge: number } | { ok: false };

/**
 * Short-lived, signed thumbnail URLs (`/thumbnails/<token>=s220`) and the PNGs behind them, made
 * from the stored image with Jimp (pure JS) and kept in a small LRU per file version and size.
 */
export class Thumbnails {
  private readonly key = randomBytes(32);
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly now: () => number = Date.now) {}

  link(base: string, f: FileRecord): string {
    const payload = Buffer.from(`${f.id}.${f.version}.${this.now() + THUMBNAIL_LINK_TTL_MS}`).toString('base64url');
    return `${base}/thumbnails/${payload}.${this.sign(payload)}=s${DEFAULT_THUMBNAIL_EDGE}`;
  }

  /** The file, version and size a `/thumbnails/…` path names, if its signature holds and it has not expired. */
  check(token: string): ThumbnailLinkCheck {
    const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})(?:=s(\d{1,4}))?$/.exec(token);
    if (!m) return { ok: false };
    const expected = Buffer.from(this.sign(m[1]!));
    const given = Buffer.from(m[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false };
    const [fileId, version, exp] = Buffer.from(m[1]!, 'base64url').toString('utf8').split('.');
    if (!fileId || Number(exp) <= this.now()) return { ok: false };
    const edge = m[3] === undefined ? DEFAULT_THUMBNAIL_EDGE : Number(m[3]);
    if (edge < 1 || edge > MAX_THUMBNAIL_EDGE) return { ok: false };
    return { ok: true, fileId, version: Number(version), edge };
  }

  /** A PNG at most `edge` pixels wide and high (never enlarged), aspect kept. */
  async render(f: FileRecord, blobPath: string, edge: number): Promise<Buffer> {
    const cacheKey = `${f.id}.${f.version}.${edge}`;
    const hit = this.cache.get(cacheKey);
    if (hit) {
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, hit);
      return hit;
    }
    const image = await Jimp.read(await readFile(blobPath));
    if (image.width > edge || image.height > edge) image.scaleToFit({ w: edge, h: edge });
    const png = await image.getBuffer('image/png');
    this.cache.set(cacheKey, png);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return png;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
