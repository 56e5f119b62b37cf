import type { LinkCache } from '../links/link-cache.js';
import type { LinkPreview } from './page-parts.js';

/**
 * A download page's preview from the gateway's link cache: the file's name and size while the link
 * is live; nothing for an unknown, deleted or expired link (the preview then names only Ferry),
 * or when the link service cannot answer.
 */
export function linkPreviews(cache: Pick<LinkCache, 'get'>, now: () => number = Date.now): (slug: string) => Promise<LinkPreview | undefined> {
  return async (slug) => {
    try {
      const entry = await cache.get(slug);
      if (!entry.found || entry.deleted || entry.expiresAtMs <= now() || !entry.fileName) return undefined;
      return { fileName: entry.fileName, sizeBytes: entry.sizeBytes };
    } catch {
      return undefined;
    }
  };
}
