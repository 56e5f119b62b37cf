/** Download counts taken out of the counter together, under one idempotency id (RecordDownloads dedups by it). */
export interface CountBatch {
  id: string;
  slugs: string[];
  counts: number[];
  /** Epoch ms of the batch's first download (the link service's first-download time). */
  firstAt: number | undefined;
}

/** One download to count: its link, and the key that makes a repeat of its request count once. */
export interface Download {
  slug: string;
  once?: string;
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
   * Counts downloads durably, all in one write, before their redirects are answered (Redis only;
   * absent, the counter gathers downloads in memory). A download with a `once` key is counted
   * only if no download with that key was counted in the last 2 minutes (a request the load
   * balancer sent again to another gateway). `firstAt` (epoch ms) is passed with the first write
   * since the last seal. Resolves with how many were counted (the others were repeats); rejects
   * when the store cannot be written.
   */
  count?(downloads: readonly Download[], firstAt?: number): Promise<number>;
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
