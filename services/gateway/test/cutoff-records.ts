import type { Cutoff, CutoffRecords } from '../src/auth/session-cutoffs.js';

/** The link service's cut-off records in memory, counting the lookups; `down` makes every call fail. */
export function memoryCutoffRecords(opts: { ttlMs?: number; now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 2 * 3_600_000;
  const cutoffs = new Map<string, Cutoff>();
  const admitted = new Map<string, { sub: string; at: number }>();
  const state = { lookups: 0, down: false };
  const up = () => {
    if (state.down) throw Object.assign(new Error('14 UNAVAILABLE: link is down'), { code: 14 });
  };
  const live = (sub: string) => {
    const c = cutoffs.get(sub);
    return c && c.until > now() ? c : undefined;
  };
  const records: CutoffRecords = {
    async cutOff(sub) {
      up();
      const cutoff = { at: now(), until: now() + ttlMs };
      cutoffs.set(sub, cutoff);
      return cutoff;
    },
    async admit(sub, tokenHash) {
      up();
      if (!live(sub)) return undefined;
      admitted.set(tokenHash, { sub, at: now() });
      return now();
    },
    async lookup(sub, tokenHash) {
      up();
      state.lookups++;
      const cutoff = live(sub);
      if (!cutoff) return {};
      const a = admitted.get(tokenHash);
      return { cutoff, admittedAt: a?.sub === sub ? a.at : undefined };
    },
  };
  return Object.assign(state, { records });
}
