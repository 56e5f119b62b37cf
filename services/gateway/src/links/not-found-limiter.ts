/**
 * Per-client limit on "not found" answers, so random slugs cannot be probed at speed ("Gone in Six
 * Characters"). Once a client used its budget, every look-up from it answers 429 until the window
 * passes — also for slugs that exist, else the 429/302 difference would still reveal hits.
 */
export class NotFoundLimiter {
  private readonly windows = new Map<string, { start: number; misses: number }>();

  constructor(
    private readonly maxMisses = 30,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when the client is over its budget, else 0. */
  blockedFor(client: string): number {
    const w = this.windows.get(client);
    if (!w) return 0;
    const elapsed = this.now() - w.start;
    if (elapsed >= this.windowMs) {
      this.windows.delete(client);
      return 0;
    }
    return w.misses >= this.maxMisses ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }

  miss(client: string): void {
    const t = this.now();
    let w = this.windows.get(client);
    if (!w || t - w.start >= this.windowMs) {
      w = { start: t, misses: 0 };
      this.windows.set(client, w);
      if (this.windows.size > 100_000) this.sweep(t);
    }
    w.misses++;
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}
