import type { ResolveLinkResponse } from '@ferry/contracts/link/v1';
import { LinkStatus } from '@ferry/contracts/link/v1';
import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { isLinkServiceFailure } from './link-service-failure.js';

/** What the redirect needs of a link; expiry is checked against `expiresAtMs` on every request. */
export interface CachedLink {
  found: true;
  slug: string;
  driveFileId: string;
  sizeBytes: number;
  /** For the download page's link preview (absent in entries cached before it was kept). */
  fileName?: string;
  expiresAtMs: number;
  deleted: boolean;
  /** Disabled by an administrator, or its owner is suspended: 410 with a neutral message (links/gone.ts). */
  blocked?: true;
  ownerSubdomain: string;
  /** Downloads need the password first (links/guarded-download.ts). */
  passwordProtected?: boolean;
  /** Downloads allowed in all; absent = no limit. Each download of a limited link is claimed at the link service. */
  downloadLimit?: number;
  /**
   * A transfer (one link for a folder upload; driveFileId is the folder): its files' drive ids and
   * sizes in order, file n at n - 1 (`/api/d/{slug}/{n}`). Absent for a link to one file.
   */
  files?: Array<{ driveFileId: string; sizeBytes: number }>;
}
export type CacheEntry = CachedLink | { found: false };

export type Resolver = (code: string) => Promise<ResolveLinkResponse>;

export interface SharedCache {
  get(code: string): Promise<CacheEntry | undefined>;
  set(code: string, entry: CacheEntry): Promise<void>;
  delete(code: string): Promise<void>;
}

export interface LinkCacheOptions {
  resolve: Resolver;
  /** Redis when configured; absent = this process only. */
  shared?: SharedCache;
  maxEntries?: number;
  /** How long an entry is trusted while the invalidation stream is live (changes arrive through it). */
  liveTtlMs?: number;
  /** …and while it is down: the bound on staleness when invalidations may be missed. */
  offlineTtlMs?: number;
  /** Unknown slugs are remembered this long at most (a new link also sends an invalidation). */
  notFoundTtlMs?: number;
  /**
   * While the link service fails, an entry it confirmed (a resolve, or the live invalidation
   * stream) less than this long ago is still served; a link deleted meanwhile redirects at most
   * this long. Expiry is still checked against the cached `expiresAt`.
   */
  staleWindowMs?: number;
  now?: () => number;
}

/** A live entry older than its TTL is still served (and refreshed) up to this many TTLs. */
const STALE_FACTOR = 12;
/** After the stream drops or comes back, unconfirmed entries are served (and refreshed) this long at most. */
const GRACE_MS = 3_000;
/** While the link service fails, one stale entry is looked up again at most this often. */
const RETRY_MS = 1_000;

interface Slot {
  entry: CacheEntry;
  storedAt: number;
  /** This entry's share of the live TTL (0.8-1): entries stored together do not all refresh together. */
  ttlScale: number;
  /** Set when a refresh failed because the link service did: the entry is served stale from then on. */
  failedAt?: number;
  lastTryAt?: number;
}

export function fromResolve(res: ResolveLinkResponse): CacheEntry {
  const l = res.link;
  if (!l) return { found: false };
  return {
    found: true,
    slug: l.slug,
    driveFileId: l.driveFileId,
    sizeBytes: Number(l.sizeBytes),
    fileName: l.fileName,
    expiresAtMs: l.expiresAt ? l.expiresAt.getTime() : 0,
    deleted: l.status === LinkStatus.LINK_STATUS_DELETED || l.deletedAt !== undefined,
    ...(l.status === LinkStatus.LINK_STATUS_BLOCKED ? { blocked: true as const } : {}),
    ownerSubdomain: l.ownerSubdomain,
    ...(l.passwordProtected ? { passwordProtected: true } : {}),
    ...(Number(l.downloadLimit ?? 0) > 0 ? { downloadLimit: Number(l.downloadLimit) } : {}),
    ...(l.transfer
      ? { files: l.transfer.files.map((f) => ({ driveFileId: f.driveFileId, sizeBytes: Number(f.sizeBytes) })) }
      : {}),
  };
}

/** A link whose downloads go through the link service one by one (a password or a download limit), never from the cache alone. */
export function isGuarded(entry: CachedLink): boolean {
  return entry.passwordProtected === true || entry.downloadLimit !== undefined;
}

/**
 * The gateway's resolve cache (Dub's pattern): in-process map → shared Redis → link service.
 * Expiry needs no invalidation (checked per request from the cached expiry); extensions and
 * deletions arrive through `invalidate` (the link service's WatchInvalidations stream).
 */
export class LinkCache {
  private readonly slots = new Map<string, Slot>();
  private readonly inflight = new Map<string, Promise<CacheEntry>>();
  /** Bumped per code on invalidation, so a resolve that started before it is not cached. */
  private readonly generations = new Map<string, number>();
  private live = false;
  /** When the stream last became live; older entries are revalidated before they are trusted again. */
  private liveSince = Number.POSITIVE_INFINITY;
  private stateChangedAt = Number.NEGATIVE_INFINITY;
  private readonly maxEntries: number;
  private readonly liveTtlMs: number;
  private readonly offlineTtlMs: number;
  private readonly notFoundTtlMs: number;
  private readonly staleWindowMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: LinkCacheOptions) {
    this.maxEntries = opts.maxEntries ?? 100_000;
    // While the stream is live every change arrives through it (replayed after a reconnect), so
    // the TTL is only a safety net: long, so that thousands of entries stored together (a cold
    // start, a campaign) are not all looked up again a few minutes later.
    this.liveTtlMs = opts.liveTtlMs ?? 1_800_000;
    this.offlineTtlMs = opts.offlineTtlMs ?? 2_000;
    this.notFoundTtlMs = opts.notFoundTtlMs ?? 10_000;
    this.staleWindowMs = opts.staleWindowMs ?? 600_000;
    this.now = opts.now ?? Date.now;
  }

  /** The entry if this process holds a usable one (the synchronous hot path). */
  peek(code: string): CacheEntry | undefined {
    const slot = this.slots.get(code);
    if (!slot) return undefined;
    const t = this.now();
    const age = t - slot.storedAt;
    const { entry } = slot;
    if (this.live && slot.storedAt >= this.liveSince) {
      // Every change since this entry was stored would have dropped it.
      const ttl = (entry.found ? this.liveTtlMs : this.notFoundTtlMs) * slot.ttlScale;
      if (age < ttl) return entry;
      // Stale while revalidate: still right, refresh in the background (no expiry storm on hot links).
      if (entry.found && age < ttl * STALE_FACTOR) {
        this.refresh(code, slot, t);
        return entry;
      }
    } else {
      // Invalidations may have been missed (stream down, or stored before it came back): trust the
      // entry 2 s; an older one is served at most GRACE_MS after the stream changed state, and is
      // refreshed on that access, so a missed change is seen within seconds.
      if (age < this.offlineTtlMs) return entry;
      if (entry.found && t - this.stateChangedAt < GRACE_MS) {
        this.refresh(code, slot, t);
        return entry;
      }
    }
    if (entry.found && this.confirmedWithinWindow(slot, t)) {
      // Kept for `load` to fall back on: served as soon as the link service is seen failing.
      if (slot.failedAt === undefined) return undefined;
      this.refresh(code, slot, t);
      return entry;
    }
    this.slots.delete(code);
    return undefined;
  }

  /** When the link service last vouched for this entry: its resolve, or the live stream it was stored under. */
  private confirmedAt(slot: Slot, t: number): number {
    if (slot.storedAt < this.liveSince) return slot.storedAt;
    return this.live ? t : Math.max(slot.storedAt, this.stateChangedAt);
  }

  private confirmedWithinWindow(slot: Slot, t: number): boolean {
    return t - this.confirmedAt(slot, t) < this.staleWindowMs;
  }

  /** A background refresh; a failing link service leaves the served entry as it is (see `load`). */
  private refresh(code: string, slot: Slot, t: number): void {
    if (slot.failedAt !== undefined && slot.lastTryAt !== undefined && t - slot.lastTryAt < RETRY_MS) return;
    slot.lastTryAt = t;
    this.loadOnce(code).catch(() => undefined);
  }

  async get(code: string): Promise<CacheEntry> {
    return this.peek(code) ?? this.loadOnce(code);
  }

  /** One load per code at a time: callers during it share its answer. */
  private loadOnce(code: string): Promise<CacheEntry> {
    let pending = this.inflight.get(code);
    if (!pending) {
      pending = this.load(code).finally(() => this.inflight.delete(code));
      this.inflight.set(code, pending);
    }
    return pending;
  }

  private async load(code: string): Promise<CacheEntry> {
    const generation = this.generations.get(code) ?? 0;
    let entry = await this.opts.shared?.get(code).catch(() => undefined);
    let fromLinkService = false;
    if (!entry) {
      try {
        entry = fromResolve(await this.opts.resolve(code));
      } catch (err) {
        if ((err as ServiceError).code !== GrpcStatus.NOT_FOUND) return this.staleOr(code, err);
        entry = { found: false };
      }
      fromLinkService = true;
    }
    if ((this.generations.get(code) ?? 0) === generation) {
      this.store(code, entry);
      if (fromLinkService) void this.opts.shared?.set(code, entry).catch(() => undefined);
    }
    return entry;
  }

  /** The entry already held for `code` when the link service failed and still vouches for it recently; else the error. */
  private staleOr(code: string, err: unknown): CacheEntry {
    const slot = this.slots.get(code);
    const t = this.now();
    if (!slot?.entry.found || !isLinkServiceFailure(err) || !this.confirmedWithinWindow(slot, t)) throw err;
    slot.failedAt ??= t;
    slot.lastTryAt = t;
    return slot.entry;
  }

  private store(code: string, entry: CacheEntry): void {
    if (this.slots.size >= this.maxEntries) {
      // Evict the oldest insertion (Map keeps insertion order): cheap and good enough for a hot set.
      const oldest = this.slots.keys().next().value;
      if (oldest !== undefined) this.slots.delete(oldest);
    }
    this.slots.set(code, { entry, storedAt: this.now(), ttlScale: 0.8 + Math.random() * 0.2 });
  }

  invalidate(code: string): void {
    this.slots.delete(code);
    this.generations.set(code, (this.generations.get(code) ?? 0) + 1);
    if (this.generations.size > this.maxEntries) this.generations.clear();
    void this.opts.shared?.delete(code).catch(() => undefined);
  }

  /** Called when the invalidation stream (re)connects (true) or drops (false). */
  setLive(live: boolean, opts: { resumed?: boolean } = {}): void {
    if (live === this.live) return;
    const t = this.now();
    this.live = live;
    this.stateChangedAt = t;
    // Unless the link service replayed what was missed (resumed), entries stored before this point
    // may have missed an invalidation: they are revalidated on next use.
    if (live && !(opts.resumed && Number.isFinite(this.liveSince))) this.liveSince = t;
  }

  isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.slots.size;
  }
}
