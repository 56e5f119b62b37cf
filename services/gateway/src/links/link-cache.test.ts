import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { LinkStatus } from '@ferry/contracts/link/v1';
import { describe, expect, it } from 'vitest';
import { LinkCache } from './link-cache.js';

const FILE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const WINDOW = 60_000;

const grpcError = (code: GrpcStatus): ServiceError =>
  Object.assign(new Error(`status ${code}`), { code, details: '', metadata: new Metadata() });

/**
 * A cache on a hand-moved clock whose link service can be switched off (`state.down`: every
 * resolve fails with that status) and whose links expire at `state.expiresAtMs`.
 */
function cacheOnClock() {
  const state = { now: 1_000, calls: 0, down: undefined as GrpcStatus | undefined, expiresAtMs: 10_000_000 };
  const cache = new LinkCache({
    now: () => state.now,
    staleWindowMs: WINDOW,
    resolve: async (slug) => {
      state.calls++;
      if (state.down !== undefined) throw grpcError(state.down);
      return {
        link: {
          slug,
          driveFileId: FILE_ID,
          ownerEmail: 'a@b.c',
          ownerSubdomain: 'a',
          fileName: 'f',
          sizeBytes: String(state.calls),
          expiresAt: new Date(state.expiresAtMs),
          downloadCount: '0',
          status: LinkStatus.LINK_STATUS_ACTIVE,
        },
      };
    },
  });
  return { cache, state };
}

/** Lets the background refresh started by a peek settle. */
const settle = () => new Promise((r) => setImmediate(r));

describe('LinkCache while the link service fails', () => {
  it('keeps an entry whose refresh fails, serves it without waiting, and retries at most once a second', async () => {
    const { cache, state } = cacheOnClock();
    cache.setLive(true);
    expect(await cache.get('Cached_slug1')).toMatchObject({ found: true, sizeBytes: 1 });
    state.now = 5_000;
    state.down = GrpcStatus.UNAVAILABLE; // SIGKILL: the stream drops, resolves fail
    cache.setLive(false);
    state.now = 20_000; // past the 2 s offline trust and the 3 s grace
    expect(cache.peek('Cached_slug1')).toBeUndefined(); // no failure seen yet: the caller asks the link service
    expect(await cache.get('Cached_slug1')).toMatchObject({ found: true, sizeBytes: 1 }); // …which fails: the old entry
    const calls = state.calls;
    for (let i = 0; i < 100; i++) expect(cache.peek('Cached_slug1')).toMatchObject({ sizeBytes: 1 });
    await settle();
    expect(state.calls).toBe(calls); // tried within the last second: no new call
    state.now += 1_000;
    expect(cache.peek('Cached_slug1')).toMatchObject({ sizeBytes: 1 });
    await settle();
    expect(state.calls).toBe(calls + 1);

    state.down = undefined; // back: the next retry replaces the entry
    state.now += 1_000;
    cache.peek('Cached_slug1');
    await settle();
    expect(cache.peek('Cached_slug1')).toMatchObject({ sizeBytes: state.calls });
  });

  it('serves stale for DEADLINE_EXCEEDED and INTERNAL too, but not NOT_FOUND or INVALID_ARGUMENT', async () => {
    for (const [down, stale] of [
      [GrpcStatus.DEADLINE_EXCEEDED, true],
      [GrpcStatus.INTERNAL, true],
      [GrpcStatus.INVALID_ARGUMENT, false],
    ] as const) {
      const { cache, state } = cacheOnClock();
      await cache.get('Cached_slug1');
      state.down = down;
      state.now += 10_000;
      if (stale) expect(await cache.get('Cached_slug1')).toMatchObject({ found: true });
      else await expect(cache.get('Cached_slug1')).rejects.toMatchObject({ code: down });
    }
    const { cache, state } = cacheOnClock();
    await cache.get('Cached_slug1');
    state.now += 10_000;
    const notFound = new LinkCache({
      now: () => state.now,
      resolve: async () => Promise.reject(grpcError(GrpcStatus.NOT_FOUND)),
    });
    expect(await notFound.get('Cached_slug1')).toEqual({ found: false });
    expect(cache.size).toBe(1);
  });

  it('stops serving an entry the link service has not confirmed for longer than the window', async () => {
    const { cache, state } = cacheOnClock();
    cache.setLive(true);
    await cache.get('Live_slug01'); // stored while the stream is live: confirmed until it drops
    state.now = 500_000; // half an hour of live stream later (within the live TTL)
    state.down = GrpcStatus.UNAVAILABLE;
    cache.setLive(false);
    const droppedAt = state.now;
    state.now = droppedAt + WINDOW - 1;
    expect(await cache.get('Live_slug01')).toMatchObject({ found: true });
    state.now = droppedAt + WINDOW;
    expect(cache.peek('Live_slug01')).toBeUndefined();
    await expect(cache.get('Live_slug01')).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });

    // Without a stream, an entry is confirmed by its own resolve only.
    const offline = cacheOnClock();
    await offline.cache.get('Offl_slug01');
    const resolvedAt = offline.state.now;
    offline.state.down = GrpcStatus.UNAVAILABLE;
    offline.state.now = resolvedAt + WINDOW - 1;
    expect(await offline.cache.get('Offl_slug01')).toMatchObject({ found: true });
    expect(offline.cache.peek('Offl_slug01')).toMatchObject({ found: true });
    offline.state.now = resolvedAt + WINDOW;
    expect(offline.cache.peek('Offl_slug01')).toBeUndefined();
    await expect(offline.cache.get('Offl_slug01')).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
  });

  it('serves a stale entry with its cached expiry, so an expired link is refused as before', async () => {
    const { cache, state } = cacheOnClock();
    state.expiresAtMs = 30_000;
    await cache.get('Expiring_01');
    state.down = GrpcStatus.UNAVAILABLE;
    state.now = 40_000;
    const entry = await cache.get('Expiring_01');
    expect(entry).toMatchObject({ found: true, expiresAtMs: 30_000 }); // the redirect answers 410: now ≥ expiresAtMs
  });

  it('never serves an invalidated entry stale', async () => {
    const { cache, state } = cacheOnClock();
    cache.setLive(true);
    await cache.get('Deleted_001');
    cache.invalidate('Deleted_001');
    state.down = GrpcStatus.UNAVAILABLE;
    await expect(cache.get('Deleted_001')).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
  });
});
