import { setTimeout as delay } from 'node:timers/promises';

/**
 * Spaces one owner's Drive calls at least `minGapMs` apart within this process, so a thousand
 * expiring files of one user do not burst into their per-user Drive quota.
 */
export function ownerPace(minGapMs: number): (ownerSub: string) => Promise<void> {
  const nextFree = new Map<string, number>();
  return async (ownerSub) => {
    const now = Date.now();
    const at = Math.max(now, nextFree.get(ownerSub) ?? 0);
    nextFree.set(ownerSub, at + minGapMs);
    if (nextFree.size > 10_000) for (const [k, v] of nextFree) if (v < now) nextFree.delete(k);
    if (at > now) await delay(at - now);
  };
}
