import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import type { LinkServiceClient, ResolveLinkResponse, ResolveLinksResponse } from '@ferry/contracts/link/v1';
import { parseScopedCode } from '@ferry/rules';
import { unary } from '../grpc/call.js';

export interface BatchResolverOptions {
  client: Pick<LinkServiceClient, 'resolveLink' | 'resolveLinks'>;
  deadlineMs: number;
  /** Codes per ResolveLinks call (the link service takes up to 1000). */
  maxBatch?: number;
  /** Calls in flight at once; codes asked for meanwhile wait for the next call. */
  maxInflight?: number;
  /** After UNIMPLEMENTED (a link service older than ResolveLinks), one ResolveLink per code this long. */
  fallbackMs?: number;
  now?: () => number;
}

interface Waiter {
  resolve(res: ResolveLinkResponse): void;
  reject(err: unknown): void;
}

/**
 * Resolves codes for the redirect cache with as few link-service calls as possible: while calls
 * are in flight, the codes asked for queue up and go out together in the next ResolveLinks call.
 * There is no timer, so a quiet gateway sends a lone miss at once; a burst of misses (a cold
 * cache, or thousands of entries refreshing together) costs a handful of calls instead of one
 * call per code. An unknown code resolves to `{ link: undefined }`.
 */
export class BatchResolver {
  private readonly queue = new Map<string, Waiter[]>();
  /** Codes in a call now: a repeat ask joins it. */
  private readonly sending = new Map<string, Waiter[]>();
  private inflight = 0;
  private fallbackUntil = Number.NEGATIVE_INFINITY;
  private readonly maxBatch: number;
  private readonly maxInflight: number;
  private readonly fallbackMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: BatchResolverOptions) {
    this.maxBatch = opts.maxBatch ?? 500;
    this.maxInflight = opts.maxInflight ?? 2;
    this.fallbackMs = opts.fallbackMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  resolve(code: string): Promise<ResolveLinkResponse> {
    return new Promise((resolve, reject) => {
      const waiting = this.sending.get(code) ?? this.queue.get(code);
      if (waiting) waiting.push({ resolve, reject });
      else this.queue.set(code, [{ resolve, reject }]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inflight < this.maxInflight && this.queue.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [code, waiters] of this.queue) {
        if (batch.size >= this.maxBatch) break;
        batch.set(code, waiters);
      }
      for (const [code, waiters] of batch) {
        this.queue.delete(code);
        this.sending.set(code, waiters);
      }
      this.inflight++;
      void this.send(batch).finally(() => {
        this.inflight--;
        this.pump();
      });
    }
  }

  private async send(batch: Map<string, Waiter[]>): Promise<void> {
    const settle = (code: string, outcome: { res: ResolveLinkResponse } | { err: unknown }) => {
      this.sending.delete(code);
      for (const w of batch.get(code) ?? []) 'res' in outcome ? w.resolve(outcome.res) : w.reject(outcome.err);
    };
    const codes = [...batch.keys()];
    if (this.now() < this.fallbackUntil) {
      await Promise.all(
        codes.map((code) =>
          this.resolveOne(code).then(
            (res) => settle(code, { res }),
            (err: unknown) => settle(code, { err }),
          ),
        ),
      );
      return;
    }
    try {
      const links = await this.resolveMany(codes);
      for (const code of codes) settle(code, { res: { link: links.get(code) } });
    } catch (err) {
      if ((err as ServiceError).code === GrpcStatus.UNIMPLEMENTED) {
        this.fallbackUntil = this.now() + this.fallbackMs;
        await this.send(batch);
        return;
      }
      for (const code of codes) settle(code, { err });
    }
  }

  private async resolveMany(codes: string[]): Promise<Map<string, ResolveLinkResponse['link']>> {
    const res = await unary<ResolveLinksResponse>((md, o, cb) => this.opts.client.resolveLinks({ codes }, md, o, cb), {
      deadlineMs: this.opts.deadlineMs,
    });
    return new Map(res.results.map((r) => [r.code, r.link]));
  }

  private resolveOne(code: string): Promise<ResolveLinkResponse> {
    // A token code seen on a sender's host is keyed `{subdomain}/{code}` (links/host-scope.ts).
    const scoped = parseScopedCode(code) ?? { subdomain: '', code };
    return unary<ResolveLinkResponse>(
      (md, o, cb) => this.opts.client.resolveLink({ slug: scoped.code, ownerSubdomain: scoped.subdomain }, md, o, cb),
      { deadlineMs: this.opts.deadlineMs },
    ).catch((err: ServiceError) => {
      if (err.code === GrpcStatus.NOT_FOUND) return { link: undefined };
      throw err;
    });
  }
}
