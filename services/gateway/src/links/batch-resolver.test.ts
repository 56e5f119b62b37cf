import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Link, ResolveLinkRequest, ResolveLinksRequest } from '@ferry/contracts/link/v1';
import { describe, expect, it } from 'vitest';
import { BatchResolver, type BatchResolverOptions } from './batch-resolver.js';

type Callback<T> = (err: { code: number; message: string } | null, res?: T) => void;

const link = (slug: string) => ({ slug, driveFileId: `file-${slug}` }) as Link;

/** A link service whose answers are released by hand, so calls can be held in flight. */
function fakeClient(known: string[], opts: { unimplemented?: boolean; failNext?: number } = {}) {
  const batches: string[][] = [];
  const singles: string[] = [];
  const held: Array<() => void> = [];
  let failNext = opts.failNext ?? 0;
  const client = {
    resolveLinks(
      req: ResolveLinksRequest,
      _md: unknown,
      _o: unknown,
      cb: Callback<{ results: Array<{ code: string; link?: Link }> }>,
    ) {
      batches.push(req.codes);
      held.push(() => {
        if (opts.unimplemented) return cb({ code: GrpcStatus.UNIMPLEMENTED, message: 'unimplemented' });
        if (failNext > 0 && failNext--) return cb({ code: GrpcStatus.UNAVAILABLE, message: 'down' });
        cb(null, { results: req.codes.map((code) => ({ code, link: known.includes(code) ? link(code) : undefined })) });
      });
    },
    resolveLink(req: ResolveLinkRequest, _md: unknown, _o: unknown, cb: Callback<{ link?: Link }>) {
      singles.push(req.slug);
      if (known.includes(req.slug)) cb(null, { link: link(req.slug) });
      else cb({ code: GrpcStatus.NOT_FOUND, message: 'link not found' });
    },
  };
  const release = async () => {
    while (held.length > 0) {
      held.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { client: client as unknown as BatchResolverOptions['client'], batches, singles, release };
}

describe('BatchResolver', () => {
  it('sends a lone code at once and answers unknown codes without a link', async () => {
    const fake = fakeClient(['Known_slug1']);
    const r = new BatchResolver({ client: fake.client, deadlineMs: 1000 });
    const known = r.resolve('Known_slug1');
    expect(fake.batches).toEqual([['Known_slug1']]);
    const unknown = r.resolve('Nothing_here');
    await fake.release();
    expect((await known).link?.driveFileId).toBe('file-Known_slug1');
    expect((await unknown).link).toBeUndefined();
  });

  it('puts the codes asked for while calls are in flight into few calls, each code once', async () => {
    const codes = Array.from({ length: 1200 }, (_, i) => `Code_${String(i).padStart(6, '0')}`);
    const fake = fakeClient(codes);
    const r = new BatchResolver({ client: fake.client, deadlineMs: 1000, maxBatch: 500, maxInflight: 2 });
    const answers = Promise.all([...codes, ...codes.slice(0, 100)].map((c) => r.resolve(c)));
    await fake.release();
    const all = await answers;
    expect(all.map((a) => a.link?.slug)).toEqual([...codes, ...codes.slice(0, 100)]);
    // Two single-code calls went out at once; the other 1198 codes waited and went in 500s.
    expect(fake.batches.map((b) => b.length)).toEqual([1, 1, 500, 500, 198]);
    expect(new Set(fake.batches.flat()).size).toBe(1200);
  });

  it('rejects the waiters of a failed call and serves the next call normally', async () => {
    const fake = fakeClient(['Known_slug1'], { failNext: 1 });
    const r = new BatchResolver({ client: fake.client, deadlineMs: 1000 });
    const failed = expect(r.resolve('Known_slug1')).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    await fake.release();
    await failed;
    const again = r.resolve('Known_slug1');
    await fake.release();
    expect((await again).link?.slug).toBe('Known_slug1');
  });

  it('falls back to one ResolveLink per code for a link service without ResolveLinks, then tries again later', async () => {
    const fake = fakeClient(['Known_slug1'], { unimplemented: true });
    let t = 0;
    const r = new BatchResolver({ client: fake.client, deadlineMs: 1000, fallbackMs: 60_000, now: () => t });
    const both = Promise.all([r.resolve('Known_slug1'), r.resolve('Nothing_here')]);
    await fake.release();
    expect((await both).map((a) => a.link?.slug)).toEqual(['Known_slug1', undefined]);
    expect(fake.singles).toEqual(['Known_slug1', 'Nothing_here']);
    const batchesBefore = fake.batches.length;
    await r.resolve('Known_slug1');
    expect(fake.batches.length).toBe(batchesBefore);
    t = 60_001;
    void r.resolve('Known_slug1');
    expect(fake.batches.length).toBe(batchesBefore + 1);
    await fake.release();
  });
});
