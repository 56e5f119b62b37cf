import { cacheKey, visibleOn } from '../links/host-scope.js';
import type { LinkCache } from '../links/link-cache.js';
import type { LinkPreview } from './page-parts.js';

/** A page never waits longer than this for its preview: without one it names only Ferry. */
const PREVIEW_WAIT_MS = 300;

/**
 * A download page's preview from the gateway's link cache: the file's name and size while the link
 * is live; nothing for an unknown, deleted or expired link (the preview then names only Ferry),
 * for another sender's link on a sender's subdomain (the API answers 404 there: links/host-scope.ts),
 * or when the link service cannot answer within `waitMs`.
 */
export function linkPreviews(
  cache: Pick<LinkCache, 'get'>,
  now: () => number = Date.now,
  waitMs: number = PREVIEW_WAIT_MS,
): (slug: string, subdomain?: string) => Promise<LinkPreview | undefined> {
  return async (slug, subdomain = '') => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      const entry = visibleOn(await Promise.race([cache.get(cacheKey(slug, subdomain)), late]), subdomain);
      if (!entry) return undefined;
      if (!entry.found || entry.deleted || entry.blocked || entry.expiresAtMs <= now() || !entry.fileName)
        return undefined;
      return { fileName: entry.fileName, sizeBytes: entry.sizeBytes };
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
