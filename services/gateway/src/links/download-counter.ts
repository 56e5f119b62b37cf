import { randomBytes } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import type { LinkServiceClient, RecordDownloadsRequest } from '@ferry/contracts/link/v1';
import type { Logger } from 'pino';

/** Links per RecordDownloads message. */
const SLICE = 1_000;

/** Counts taken out of `pending` together; kept, with their id, until the link service acknowledged them. */
interface Batch {
  id: string;
  slugs: string[];
  counts: number[];
  total: number;
  firstAt: Date | undefined;
}

export interface DownloadCounterOptions {
  client: LinkServiceClient;
  logger: Logger;
  /** Flush period (2 s: one UPDATE per 2 s whatever the traffic; the owner's count poll is 5 s). */
  intervalMs?: number;
  /** Flush early once this many downloads are pending. */
  maxPending?: number;
  deadlineMs?: number;
}

/**
 * Counts redirects in memory and sends them to the link service in batches (RecordDownloads),
 * off the request path. A batch keeps its id until the link service acknowledged it, so a retry
 * after a timeout or a link-service crash is recognised and counted once. New downloads go into
 * the next batch meanwhile: one batch is in flight at a time.
 */
export class DownloadCounter {
  private pending = new Map<string, number>();
  private pendingTotal = 0;
  private firstAt: Date | undefined;
  private inflight: Batch | undefined;
  private sending: Promise<void> | undefined;
  private seq = 0;
  private failures = 0;
  private nextTryAt = 0;
  private readonly instance = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly timer: NodeJS.Timeout;
  private readonly maxPending: number;
  private readonly deadlineMs: number;
  /** Downloads acknowledged by the link service (for tests and the load runner). */
  acknowledged = 0;

  constructor(private readonly opts: DownloadCounterOptions) {
    this.maxPending = opts.maxPending ?? 100_000;
    this.deadlineMs = opts.deadlineMs ?? 5_000;
    this.timer = setInterval(() => void this.flush(), opts.intervalMs ?? 2_000);
    this.timer.unref();
  }

  /** One download of `slug` (hot path: a map increment). */
  add(slug: string): void {
    this.pending.set(slug, (this.pending.get(slug) ?? 0) + 1);
    if (this.pendingTotal++ === 0) this.firstAt = new Date();
    if (this.pendingTotal >= this.maxPending && !this.sending) void this.flush();
  }

  /** Downloads not yet acknowledged. */
  get unacknowledged(): number {
    return this.pendingTotal + (this.inflight?.total ?? 0);
  }

  flush(): Promise<void> {
    if (this.sending) return this.sending;
    if (!this.inflight && this.pendingTotal === 0) return Promise.resolve();
    if (Date.now() < this.nextTryAt) return Promise.resolve();
    if (!this.inflight) {
      // Two flat arrays rather than a [slug, count] pair per link: less for the GC to move.
      this.inflight = { id: `${this.instance}-${++this.seq}`, slugs: [...this.pending.keys()], counts: [...this.pending.values()], total: this.pendingTotal, firstAt: this.firstAt };
      this.pending = new Map();
      this.pendingTotal = 0;
      this.firstAt = undefined;
    }
    const batch = this.inflight;
    this.sending = this.send(batch)
      .then(() => {
        this.acknowledged += batch.total;
        this.inflight = undefined;
        this.failures = 0;
        this.nextTryAt = 0;
      })
      .catch((err: Error) => {
        this.failures++;
        this.nextTryAt = Date.now() + Math.min(5_000, 100 * 2 ** Math.min(this.failures, 6));
        if (this.failures === 1 || this.failures % 20 === 0) this.opts.logger.warn({ error: err.message, batchId: batch.id, failures: this.failures }, 'download batch not recorded yet, will retry');
      })
      .finally(() => {
        this.sending = undefined;
      });
    return this.sending;
  }

  /**
   * One stream per batch. A batch over SLICE links goes as several messages with ids `<id>.<k>`
   * (each recognised on a retry by itself), built and encoded one at a time with a turn of the
   * event loop between them: 10,000 links in one message took ~15 ms of this thread, which the
   * redirects waiting behind it would feel.
   */
  private send(batch: Batch): Promise<void> {
    return new Promise((resolve, reject) => {
      const call = this.opts.client.recordDownloads(new Metadata(), { deadline: Date.now() + this.deadlineMs }, (err) => (err ? reject(err) : resolve()));
      call.on('error', () => undefined);
      const sliced = batch.slugs.length > SLICE;
      const writeFrom = (start: number) => {
        if (call.destroyed) return;
        const counts: RecordDownloadsRequest['counts'] = [];
        for (let i = start; i < Math.min(start + SLICE, batch.slugs.length); i++) counts.push({ slug: batch.slugs[i]!, count: String(batch.counts[i]), firstDownloadedAt: batch.firstAt });
        call.write({ batchId: sliced ? `${batch.id}.${start / SLICE}` : batch.id, counts });
        if (start + SLICE < batch.slugs.length) setImmediate(writeFrom, start + SLICE);
        else call.end();
      };
      writeFrom(0);
    });
  }

  /** Stops the timer and tries to deliver what is pending within `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    clearInterval(this.timer);
    const until = Date.now() + graceMs;
    while (this.unacknowledged > 0 && Date.now() < until) {
      this.nextTryAt = 0;
      await this.flush();
      if (this.unacknowledged > 0) await new Promise((r) => setTimeout(r, 100));
    }
    if (this.unacknowledged > 0) this.opts.logger.error({ lost: this.unacknowledged }, 'download counts could not be delivered before exit');
  }
}
