import { randomBytes } from 'node:crypto';
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import type { LinkServiceClient, RecordDownloadsRequest } from '@ferry/contracts/link/v1';
import type { Logger } from 'pino';
import { backoffDelay } from '@ferry/rules';
import { memoryCountBuffer, totalOf, type CountBatch, type CountBuffer, type Download } from './count-buffer.js';

/** How often pending counts go to the buffer and the link service (DownloadCounterOptions.intervalMs). */
export const DEFAULT_INTERVAL_MS = 250;
/** Links per RecordDownloads message. */
const SLICE = 1_000;
/** Longest a redirect waits for its count to reach the buffer (normally well under 1 ms). */
const COUNT_WAIT_MS = 100;
/** Buffered batches per RecordDownloads stream (a backlog after an outage drains in a few streams). */
const BATCHES_PER_SEND = 50;

export interface DownloadCounterOptions {
  client: Pick<LinkServiceClient, 'recordDownloads'>;
  logger: Logger;
  /** Where batches wait until acknowledged (Redis, a file); absent = memory only. */
  buffer?: CountBuffer;
  /**
   * Flush period, 250 ms: what a crash of a gateway without Redis can lose (its counts wait in
   * memory that long before the file holds them), at one file write and one RecordDownloads per
   * period whatever the traffic, never one per download.
   */
  intervalMs?: number;
  /** Flush early once this many downloads are pending. */
  maxPending?: number;
  deadlineMs?: number;
}

/**
 * Counts redirects and, every flush, moves them as one batch with its own id into the durable
 * buffer (Redis or a file), then delivers the buffer's batches to the link service
 * (RecordDownloads), off the request path. A batch leaves the buffer only once the link service
 * acknowledged it, so an outage of the link service (or a restart of the gateway) delays counts
 * but loses none, and a batch sent again after a lost answer is counted once (the link service
 * dedups by batch id). While the durable buffer cannot be written (Redis down), batches wait in
 * memory instead. One delivery is in flight at a time.
 *
 * With a buffer that counts (Redis), add() resolves once the download is counted there, and the
 * redirect is answered after that: a killed gateway loses none of the downloads it answered. Only
 * while that store is unreachable are downloads counted in memory (lost if the process dies).
 * Without one (a file, or memory), downloads wait in memory for up to one flush.
 */
export class DownloadCounter {
  private pending = new Map<string, number>();
  private pendingTotal = 0;
  private firstAt: number | undefined;
  /** Downloads counted in the buffer (count()) since its last seal, in flight included. */
  private counted = 0;
  /** The first-download time went with a count since the last seal. */
  private countedFirstAt = false;
  private sealFailures = 0;
  private sealRetryAt = 0;
  /** Downloads per batch appended or taken by this process and not yet acknowledged. */
  private readonly unacked = new Map<string, number>();
  private readonly buffer: CountBuffer;
  /** Batches the durable buffer refused (its store is down), delivered from memory. */
  private readonly fallback = memoryCountBuffer();
  private flushing: Promise<void> | undefined;
  private persisting: Promise<void> | undefined;
  private seq = 0;
  private failures = 0;
  private nextTryAt = 0;
  /** After a refused stream of several batches, send one batch per stream to find the bad one. */
  private oneAtATime = false;
  private readonly instance = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly timer: NodeJS.Timeout;
  private readonly maxPending: number;
  private readonly deadlineMs: number;
  /** Downloads of this event-loop turn not yet written to the buffer, and the promise they share. */
  private turn: Download[] = [];
  private turnDone: Promise<void> | undefined;
  private turnResolve: (() => void) | undefined;
  /** Downloads acknowledged by the link service (for tests and the load runner). */
  acknowledged = 0;
  /** Downloads not counted because their request key was counted already (a request sent again). */
  repeats = 0;

  constructor(private readonly opts: DownloadCounterOptions) {
    this.buffer = opts.buffer ?? this.fallback;
    this.maxPending = opts.maxPending ?? 100_000;
    this.deadlineMs = opts.deadlineMs ?? 5_000;
    this.timer = setInterval(() => this.tick(), opts.intervalMs ?? DEFAULT_INTERVAL_MS);
    this.timer.unref();
    // What a previous run left in the buffer goes out now, not at the first download.
    void this.flush();
  }

  /**
   * One download of `slug`, counted in the buffer when it counts, else in memory. `once` (the
   * load balancer's request id, with the client and the link) makes a request that reaches this or
   * another gateway again count once; without a buffer that counts it is not needed (one process
   * counts each request it answers once). Never rejects: answer the redirect once it resolves.
   */
  add(slug: string, once?: string): Promise<void> {
    if (!this.buffer.count) {
      this.addPending(slug);
      return Promise.resolve();
    }
    // Hot path: every download of this turn goes to the store in one write (one round trip), and
    // their redirects wait on one shared promise.
    this.turn.push(once === undefined ? { slug } : { slug, once });
    if (this.turnDone === undefined) {
      this.turnDone = new Promise((resolve) => {
        this.turnResolve = resolve;
      });
      setImmediate(() => this.countTurn());
    }
    return this.turnDone;
  }

  private countTurn(): void {
    const downloads = this.turn;
    const resolve = this.turnResolve!;
    this.turn = [];
    this.turnDone = undefined;
    this.turnResolve = undefined;
    const firstAt = this.countedFirstAt ? undefined : Date.now();
    this.countedFirstAt = true;
    this.counted += downloads.length;
    // A store that hangs without failing holds the redirects no longer than COUNT_WAIT_MS. The
    // counts stay queued (counted once when they land, in memory if they fail), durable only once they land.
    const timer = setTimeout(resolve, COUNT_WAIT_MS);
    this.buffer.count!(downloads, firstAt).then(
      (counted) => {
        const repeats = downloads.length - counted;
        if (repeats > 0) {
          this.repeats += repeats;
          this.counted = Math.max(0, this.counted - repeats);
        }
        clearTimeout(timer);
        resolve();
      },
      (err: Error) => {
        this.counted = Math.max(0, this.counted - downloads.length);
        if (this.pendingTotal === 0)
          this.opts.logger.warn(
            { error: err.message, buffer: this.buffer.kind },
            'downloads counted in memory: the count buffer cannot be written',
          );
        for (const d of downloads) this.addPending(d.slug);
        clearTimeout(timer);
        resolve();
      },
    );
  }

  private addPending(slug: string): void {
    this.pending.set(slug, (this.pending.get(slug) ?? 0) + 1);
    if (this.pendingTotal++ === 0) this.firstAt = Date.now();
    if (this.pendingTotal >= this.maxPending) this.tick();
  }

  /** Downloads counted or taken over by this process and not yet acknowledged by the link service. */
  get unacknowledged(): number {
    let total = this.pendingTotal + this.counted + this.turn.length;
    for (const n of this.unacked.values()) total += n;
    return total;
  }

  /** Batches taken by this process and not yet acknowledged, plus the pending counts' next batch. */
  get unacknowledgedBatches(): number {
    return this.unacked.size + (this.pendingTotal + this.counted > 0 ? 1 : 0);
  }

  /** Moves pending counts into the buffer, then delivers what the buffer holds (unless backing off). */
  flush(): Promise<void> {
    this.flushing ??= this.persist()
      .then(() => this.deliver())
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /**
   * Every period the pending counts reach the buffer, also while a delivery is still in flight (a
   * slow link service): the window a crash loses stays one period. The delivery waits its turn.
   */
  private tick(): void {
    if (this.flushing) void this.persist();
    else void this.flush();
  }

  /** Pending counts into the buffer, one move at a time. */
  private persist(): Promise<void> {
    this.persisting ??= this.buffered().finally(() => {
      this.persisting = undefined;
    });
    return this.persisting;
  }

  private async buffered(): Promise<void> {
    await this.sealed();
    if (this.pendingTotal === 0) return;
    // Two flat arrays rather than a [slug, count] pair per link: less for the GC to move.
    const batch: CountBatch = {
      id: `${this.instance}-${++this.seq}`,
      slugs: [...this.pending.keys()],
      counts: [...this.pending.values()],
      firstAt: this.firstAt,
    };
    this.unacked.set(batch.id, this.pendingTotal);
    this.pending = new Map();
    this.pendingTotal = 0;
    this.firstAt = undefined;
    try {
      await this.buffer.append(batch);
    } catch (err) {
      this.opts.logger.warn(
        { error: (err as Error).message, buffer: this.buffer.kind, batchId: batch.id },
        'download batch kept in memory: the count buffer cannot be written',
      );
      await this.fallback.append(batch);
    }
  }

  /** What count() put in the buffer becomes one batch (with what a previous run of this gateway left there). */
  private async sealed(): Promise<void> {
    if (!this.buffer.seal || Date.now() < this.sealRetryAt) return;
    const id = `${this.instance}-${++this.seq}`;
    // Counts issued before the seal are in it (one connection, in order); later ones carry a new first time.
    const issued = this.counted;
    this.countedFirstAt = false;
    try {
      const total = await this.buffer.seal(id);
      this.counted = Math.max(0, this.counted - issued);
      if (total > 0) this.unacked.set(id, total);
      this.sealFailures = 0;
      this.sealRetryAt = 0;
    } catch (err) {
      // The memory batches still go out meanwhile: this backoff is the seal's own.
      this.countedFirstAt = this.counted > 0;
      this.sealRetryAt = Date.now() + backoffDelay(this.sealFailures++, { baseMs: 100, maxMs: 5_000 });
      if (this.sealFailures === 1 || this.sealFailures % 20 === 0)
        this.opts.logger.warn(
          { error: (err as Error).message, failures: this.sealFailures },
          'counted downloads not sealed into a batch yet, will retry',
        );
    }
  }

  private async deliver(): Promise<void> {
    if (Date.now() < this.nextTryAt) return;
    const max = this.oneAtATime ? 1 : BATCHES_PER_SEND;
    const batches = [...(await this.fallback.take(max))];
    if (this.buffer !== this.fallback && batches.length < max) {
      try {
        batches.push(...(await this.buffer.take(max - batches.length)));
      } catch (err) {
        this.backOff(err as Error, 'download buffer cannot be read, will retry');
      }
    }
    if (batches.length === 0) return;
    for (const b of batches) if (!this.unacked.has(b.id)) this.unacked.set(b.id, totalOf(b));
    try {
      await this.send(batches);
    } catch (err) {
      if (!this.refused(err as ServiceError, batches))
        this.backOff(err as Error, 'download batch not recorded yet, will retry', batches[0]!.id);
      return;
    }
    await this.acknowledge(batches);
    this.failures = 0;
    this.nextTryAt = 0;
    this.oneAtATime = false;
  }

  /** The link service recorded (or, `recorded` false, refused for good) these batches: they leave the buffers. */
  private async acknowledge(batches: CountBatch[], recorded = true): Promise<void> {
    const ids = batches.map((b) => b.id);
    for (const id of ids) {
      if (recorded) this.acknowledged += this.unacked.get(id) ?? 0;
      this.unacked.delete(id);
    }
    await this.fallback.ack(ids);
    // Recorded already; if the buffer cannot forget them now, a later send is a counted-once duplicate.
    if (this.buffer !== this.fallback)
      await this.buffer
        .ack(ids)
        .catch((err: Error) => this.opts.logger.warn({ error: err.message }, 'download buffer not updated'));
  }

  /** INVALID_ARGUMENT: the link service will never take this stream. Returns true when handled. */
  private refused(err: ServiceError, batches: CountBatch[]): boolean {
    if (err.code !== GrpcStatus.INVALID_ARGUMENT) return false;
    if (batches.length > 1) {
      this.oneAtATime = true;
      return true;
    }
    this.opts.logger.error(
      { error: err.message, batchId: batches[0]!.id, lost: this.unacked.get(batches[0]!.id) },
      'download batch refused by the link service: dropped',
    );
    void this.acknowledge(batches, false);
    return true;
  }

  private backOff(err: Error, message: string, batchId?: string): void {
    this.failures++;
    this.nextTryAt = Date.now() + backoffDelay(this.failures, { baseMs: 100, maxMs: 5_000 });
    if (this.failures === 1 || this.failures % 20 === 0)
      this.opts.logger.warn({ error: err.message, batchId, failures: this.failures }, message);
  }

  /**
   * One stream per delivery. A batch over SLICE links goes as several messages with ids `<id>.<k>`
   * (each recognised on a retry by itself), built and encoded one at a time with a turn of the
   * event loop between them: 10,000 links in one message took ~15 ms of this thread, which the
   * redirects waiting behind it would feel.
   */
  private send(batches: CountBatch[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const call = this.opts.client.recordDownloads(
        new Metadata(),
        { deadline: Date.now() + this.deadlineMs },
        (err) => (err ? reject(err) : resolve()),
      );
      call.on('error', () => undefined);
      const writeFrom = (b: number, start: number) => {
        if (call.destroyed) return;
        const batch = batches[b]!;
        const firstDownloadedAt = batch.firstAt === undefined ? undefined : new Date(batch.firstAt);
        const counts: RecordDownloadsRequest['counts'] = [];
        for (let i = start; i < Math.min(start + SLICE, batch.slugs.length); i++)
          counts.push({ ...countedKey(batch.slugs[i]!), count: String(batch.counts[i]), firstDownloadedAt });
        call.write({ batchId: batch.slugs.length > SLICE ? `${batch.id}.${start / SLICE}` : batch.id, counts });
        if (start + SLICE < batch.slugs.length) setImmediate(writeFrom, b, start + SLICE);
        else if (b + 1 < batches.length) setImmediate(writeFrom, b + 1, 0);
        else call.end();
      };
      writeFrom(0, 0);
    });
  }

  /** Stops the timer, buffers what is pending and tries to deliver it within `graceMs`; the rest stays in the buffer. */
  async stop(graceMs = 5_000): Promise<void> {
    clearInterval(this.timer);
    const until = Date.now() + graceMs;
    while (this.unacknowledged > 0 && Date.now() < until) {
      this.nextTryAt = 0;
      await this.flush();
      if (this.unacknowledged > 0) await new Promise((r) => setTimeout(r, 100));
    }
    const left = this.unacknowledged;
    const inMemory = (await this.fallback.take(Number.MAX_SAFE_INTEGER)).reduce((n, b) => n + totalOf(b), 0);
    if (inMemory > 0) this.opts.logger.error({ lost: inMemory }, 'download counts could not be delivered before exit');
    else if (left > 0)
      this.opts.logger.warn(
        { left, buffer: this.buffer.kind },
        'download counts left in the buffer for the next start',
      );
    await this.buffer.close();
  }
}

/** A counted key: a slug, or `{slug}/{n}` for file n of a transfer (links/redirect.ts). */
function countedKey(key: string): { slug: string; fileIndex?: number } {
  const slash = key.indexOf('/');
  return slash === -1 ? { slug: key } : { slug: key.slice(0, slash), fileIndex: Number(key.slice(slash + 1)) };
}
