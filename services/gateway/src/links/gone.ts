import type { CachedLink } from './link-cache.js';

/** Why a link answers 410: its time ran out, its sender removed it, its download limit was reached, or it was disabled. */
export type GoneReason = 'expired' | 'removed' | 'limit' | 'unavailable';

const GONE_TEXT = 'This download link has expired or the file was removed by the sender.';
/** A disabled link (an administrator's decision, or its owner's suspended account): neutral on purpose. */
const UNAVAILABLE_TEXT = 'This link is no longer available.';

/** The 410 sentence for a reason. */
export function goneText(reason: GoneReason | undefined): string {
  return reason === 'unavailable' ? UNAVAILABLE_TEXT : GONE_TEXT;
}

/** Why a cached link is gone now, or undefined while it is live. Deletion wins, then a block, then expiry. */
export function goneReasonOf(
  entry: Pick<CachedLink, 'deleted' | 'blocked' | 'expiresAtMs'>,
  now = Date.now(),
): GoneReason | undefined {
  if (entry.deleted) return 'removed';
  if (entry.blocked) return 'unavailable';
  return now >= entry.expiresAtMs ? 'expired' : undefined;
}
