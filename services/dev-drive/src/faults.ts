import { Transform, type TransformCallback } from 'node:stream';
import { z } from 'zod';

export const FaultSpecSchema = z.object({
  /** HTTP method to match; omitted = any method except OPTIONS (preflights are never faulted unless named). */
  method: z.string().toUpperCase().optional(),
  /** Path prefix (`/upload/drive/v3/files`) or, when it starts with `^`, a regular expression on the pathname. */
  path: z.string().min(1),
  /** Let this many matching requests through untouched before the fault applies. */
  skip: z.number().int().min(0).default(0),
  /** How many matching requests this fault applies to. */
  count: z.number().int().min(1).default(1),
  /** Answer with this HTTP status and a Google-shaped error instead of handling the request. */
  status: z.number().int().min(400).max(599).optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
  /** Delay before the request is handled (or failed). */
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** Handle the request normally but cut the connection after this many request-body bytes were read. */
  cutAfterBytes: z.number().int().min(0).optional(),
});

export type FaultSpec = z.infer<typeof FaultSpecSchema>;

interface ActiveFault extends FaultSpec {
  id: number;
  remaining: number;
  toSkip: number;
  matcher: (pathname: string) => boolean;
}

export const DEFAULT_REASONS: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'rateLimitExceeded',
  404: 'notFound',
  429: 'rateLimitExceeded',
  500: 'backendError',
  502: 'backendError',
  503: 'backendError',
};

/** "Fail the next N requests on this route" rules, consumed in the order they were added. */
export class FaultInjector {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): { id: number } {
    let matcher: (p: string) => boolean;
    if (spec.path.startsWith('^')) {
      const re = new RegExp(spec.path);
      matcher = (p) => re.test(p);
    } else {
      matcher = (p) => p.startsWith(spec.path);
    }
    const fault: ActiveFault = { ...spec, id: this.nextId++, remaining: spec.count, toSkip: spec.skip, matcher };
    this.faults.push(fault);
    return { id: fault.id };
  }

  list(): unknown[] {
    return this.faults.map(({ matcher: _m, toSkip, ...rest }) => ({ ...rest, skipRemaining: toSkip }));
  }

  clear(): void {
    this.faults = [];
  }

  /** A cut needs a body to cut, so body-less requests (status queries) never consume a cut fault. */
  take(method: string, pathname: string, hasBody: boolean): FaultSpec | undefined {
    const f = this.faults.find(
      (x) =>
        x.remaining > 0 &&
        (x.method ? x.method === method : method !== 'OPTIONS') &&
        (x.cutAfterBytes === undefined || hasBody) &&
        x.matcher(pathname),
    );
    if (!f) return undefined;
    if (f.toSkip > 0) {
      f.toSkip--;
      return undefined;
    }
    f.remaining--;
    if (f.remaining === 0) this.faults = this.faults.filter((x) => x !== f);
    return f;
  }
}

/** Passes the first `limit` bytes through, then calls `cut` (which destroys the socket). */
export class CuttingStream extends Transform {
  private seen = 0;
  private done = false;

  constructor(
    private readonly limit: number,
    private readonly cut: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    if (this.done) {
      cb();
      return;
    }
    const room = this.limit - this.seen;
    if (chunk.length < room) {
      this.seen += chunk.length;
      cb(null, chunk);
      return;
    }
    this.done = true;
    if (room > 0) this.push(chunk.subarray(0, room));
    this.seen = this.limit;
    // Give the consumer a turn to persist what it got before the connection dies.
    setTimeout(this.cut, 20);
    cb();
  }

  /** Never end normally once cut: the consumer must see an aborted body, not a short one. */
  override _flush(cb: TransformCallback): void {
    if (!this.done) cb();
  }
}
