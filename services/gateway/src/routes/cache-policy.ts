/** Cache-Control values used for static web content. */
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

// Rsbuild names emitted assets `[name].[contenthash:8].[ext]` (hex digest).
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[A-Za-z0-9]+$/;

export function isContentHashed(fileName: string): boolean {
  return CONTENT_HASHED.test(fileName);
}
