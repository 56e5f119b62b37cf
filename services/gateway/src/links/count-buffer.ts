/** Download counts taken out of the counter together, under one idempotency id (RecordDownloads dedups by it). */
export interface CountBatch {
  id: string;
  slugs: string[];
  counts: number[];
  /** Epoch ms of the batch's first download (the link service's first-download time). */
  firstAt: number | undefined;
}

/**
 * Where counted downloads wait, durably, until the link service acknowledged them: Redis when
 * configured (each download counted there before its redirect is answered), else an append-only
 * file, else (tests, no data dir) memory. A batch is appended before it is sent and removed only
 * once acknowledged, so a link-service outage or a gateway restart loses nothing, and a batch
 * sent twice counts once.
 */
export interface CountBuffer {
  readonly kind: 'redis' | 'file' | 'memory';
  append(batch: CountBatch): Promise<void>;
  /** The oldest batches to deliver now, at most `max` (this gateway's, and those a previous run left). */
  take(max: number): Promise<CountBatch[]>;
  /** The link service recorded these batches: forget them. */
  ack(ids: string[]): Promise<void>;
  /**
   * Counts one download of `slug` durably, before its redirect is answered (Redis only; absent,
   * the counter gathers downloads in memory). `firstAt` (epoch ms) is passed with the first count
   * since the last seal. Rejects when the store cannot take it.
   */
  count?(slug: string, firstAt?: number): Promise<void>;
  /** Moves the downloads count() holds into one batch with this id; resolves with how many it held (0: none). */
  seal?(id: string): Promise<number>;
  close(): Promise<void>;
}

export function totalOf(batch: CountBatch): number {
  let total = 0;
  for (const c of batch.counts) total += c;
  return total;
}

/** This process only: what the counter falls back on while the durable buffer cannot be written. */
export function memoryCountBuffer(): CountBuffer {
  const batches = new Map<string, CountBatch>();
  return {
    kind: 'memory',
    async append(batch) {
      batches.set(batch.id, batch);
    },
    async take(max) {
      return [...batches.values()].slice(0, max);
    },
    async ack(ids) {
      for (const id of ids) batches.delete(id);
    },
    async close() {},
  };
}
