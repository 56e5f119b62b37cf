// With its extension: the stack suite (tests/stack, NodeNext) imports this file too.
// Types only: the contract's schemas (zod) stay out of the browser bundle; answers are not validated here.
import type {
  AccessStatus,
  BillingBody,
  DeleteBody,
  DownloadCountResponse,
  ExtendBody,
  LinkAccessBody,
  LinkAccessResponse,
  LinkStatsResponse,
  LinkRecord as LinkRecordBody,
  LinksResponse,
  PublicConfig as PublicConfigBody,
  ShareEmailBody,
  ShortenBody,
  ShortenResponse,
  ShortlinkBody,
  ShortlinkResponse,
} from '@ferry/http-contract';
import { SHORTEN_RETRY, withRetry, type RetryPolicy } from './retry.ts';

/** The product API calls of spec §7 the upload screen makes (same origin as the page). */
export type ShortenResult = Pick<ShortenResponse, 'shortId' | 'shortUrl'> &
  Partial<Pick<ShortenResponse, 'ownerSubdomain'>>;

/** A link as the list uses it (`createdAt`: its 30-day life counts from here). */
export type LinkRecord = Pick<LinkRecordBody, 'slug' | 'shortUrl' | 'fileId'> &
  Partial<
    Pick<
      LinkRecordBody,
      'expiresAt' | 'createdAt' | 'downloads' | 'passwordProtected' | 'downloadLimit' | 'fileCount' | 'size'
    >
  >;

/** A link's downloads per day (GET /api/links/{slug}/stats). */
export type LinkStats = LinkStatsResponse;

/** A link's password and download limit as the gateway answers them (PUT /api/links/{slug}/access). */
export type LinkAccess = LinkAccessResponse;

/** The gateway refused an access change: its `code` (invalid_password, limit_reached, …). */
export class LinkAccessError extends Error {
  constructor(readonly code: string) {
    super(`link access refused: ${code}`);
    this.name = 'LinkAccessError';
  }
}

export type PublicConfig = Pick<PublicConfigBody, 'driveRootUrl'> & Partial<PublicConfigBody>;

type Fetch = typeof fetch;

/** Where the account stands for uploading: `expired` means no new links (the gateway answers 402). */
export interface UploadAccess {
  expired: boolean;
  /** Whose end it is: the trial's or a paid plan's (for the wording of the expired screen). */
  plan: 'trial' | 'paid';
}

/** The gateway refused a new link with 402 `subscription_expired`: the trial or plan has ended. */
export class SubscriptionExpiredError extends Error {
  constructor() {
    super('subscription expired');
    this.name = 'SubscriptionExpiredError';
  }
}

/** The gateway refused a new link with 403 `account_suspended`: an administrator suspended the account. */
export class AccountSuspendedError extends Error {
  constructor() {
    super('account suspended');
    this.name = 'AccountSuspendedError';
  }
}

/** Whether a refusal is the suspended account's (403 `account_suspended`), read without using up the body. */
async function isSuspended(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === 'account_suspended';
}

/** 100 links a page: 5,000 links at most in one list load. */
const MAX_LINK_PAGES = 50;

export class ProductApi {
  private readonly f: Fetch;
  constructor(
    private readonly getToken: () => string | null,
    f?: Fetch,
    private readonly shortenRetry: RetryPolicy = SHORTEN_RETRY,
  ) {
    this.f = f ?? ((...a) => fetch(...a));
  }

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    const token = this.getToken();
    return this.f(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  }

  /**
   * POST /api/shorten, fallback POST /api/shorten/create (spec §7). Throws when both fail. A
   * transient answer of the main route (5xx, 429, rate-limit 403, no answer) is retried with
   * backoff first: the fallback after that is the drive's raw link, which has no expiry or count.
   */
  async shorten(payload: ShortenBody): Promise<ShortenResult> {
    for (const path of ['/api/shorten', '/api/shorten/create']) {
      const send = () => this.call('POST', path, payload).catch(() => undefined);
      const res = path === '/api/shorten' ? await withRetry(send, this.shortenRetry) : await send();
      // The account may not make links: no fallback route and no raw drive link past this gate.
      if (res?.status === 402) throw new SubscriptionExpiredError();
      if (res && (await isSuspended(res))) throw new AccountSuspendedError();
      if (res?.ok) {
        const j = (await res.json()) as Partial<ShortenResponse>;
        const shortId = String(j.shortId ?? j.slug ?? '');
        const shortUrl = String(j.shortUrl ?? '');
        if (shortId && shortUrl) {
          const owner = j.ownerSubdomain ?? j.owner_subdomain ?? j.owner;
          return { shortId, shortUrl, ...(owner ? { ownerSubdomain: owner } : {}) };
        }
      }
      // A refusal (4xx) stands; a missing route, a server error or no answer tries the fallback.
      if (res && res.status < 500 && res.status !== 404 && res.status !== 405) break;
    }
    throw new Error('shorten failed');
  }

  /**
   * POST /api/access/status: whether the trial or plan has ended. Undefined when it cannot be told
   * (no subscription yet, an error): the upload goes ahead and the gateway's 402 stays the guard.
   */
  async access(language?: string): Promise<UploadAccess | undefined> {
    try {
      const body: BillingBody = { ...(language ? { language } : {}) };
      const res = await this.call('POST', '/api/access/status', body);
      if (!res.ok) return undefined;
      const j = (await res.json()) as Partial<AccessStatus>;
      const expired = j.state === 'expired' || j.phase === 'expired';
      const paid = j.plan === 'monthly' || j.plan === 'yearly' || (j.plan === undefined && j.total_days !== 90);
      return { expired, plan: paid ? 'paid' : 'trial' };
    } catch {
      return undefined;
    }
  }

  /** POST /api/shortlink (token code + subdomain); failure is swallowed (undefined). */
  async shortlink(code: string, subdomain: string, ttlSeconds: number): Promise<string | undefined> {
    try {
      const body: ShortlinkBody = { slug: code, subdomain, ttlSeconds: Math.max(60, Math.floor(ttlSeconds)) };
      const res = await this.call('POST', '/api/shortlink', body);
      if (!res.ok) return undefined;
      const j = (await res.json()) as Partial<ShortlinkResponse>;
      return j.url;
    } catch {
      return undefined;
    }
  }

  /** PATCH /api/shorten, fallbacks POST /api/shorten/update then PATCH /api/shortlink; then invalidate. */
  async extend(slug: string, expiresAt: string, owner?: string): Promise<boolean> {
    const body: ExtendBody = { slug, expiresAt, ...(owner ? { owner } : {}) };
    let ok = false;
    for (const [method, path] of [
      ['PATCH', '/api/shorten'],
      ['POST', '/api/shorten/update'],
      ['PATCH', '/api/shortlink'],
    ] as const) {
      const res = await this.call(method, path, body).catch(() => undefined);
      if (res?.ok) {
        ok = true;
        break;
      }
    }
    await this.call('POST', `/api/s?slug=${encodeURIComponent(slug)}&invalidate=1`).catch(() => undefined);
    return ok;
  }

  /** DELETE /api/shorten (the link record); failure is reported, not thrown. */
  async deleteLink(slug: string): Promise<boolean> {
    const body: DeleteBody = { slug };
    const res = await this.call('DELETE', '/api/shorten', body).catch(() => undefined);
    return !!res && (res.ok || res.status === 404);
  }

  /** Spec §7: the copy-link log (`POST /api/share-email` with via copy); best effort. */
  logCopy(link: string): void {
    const body: ShareEmailBody = { via: 'copy', link };
    void this.call('POST', '/api/share-email', body).catch(() => undefined);
  }

  /** GET /api/s?dl=1&slug=&ts= → the download count, or undefined. */
  async downloadCount(slug: string): Promise<number | undefined> {
    try {
      const res = await this.f(`/api/s?dl=1&slug=${encodeURIComponent(slug)}&ts=${Date.now()}`, { cache: 'no-store' });
      if (!res.ok) return undefined;
      const j = (await res.json()) as Partial<DownloadCountResponse>;
      const n: unknown = j.count ?? j.dl?.count ?? j.downloads ?? j.dlCount;
      return typeof n === 'number' ? n : Number.isFinite(Number(n)) ? Number(n) : undefined;
    } catch {
      return undefined;
    }
  }

  /** PUT /api/links/{slug}/access: set, change or remove the password and the download limit. */
  async setAccess(slug: string, body: LinkAccessBody): Promise<LinkAccess> {
    const res = await this.call('PUT', `/api/links/${encodeURIComponent(slug)}/access`, body);
    if (!res.ok) {
      const j = (await res.json().catch(() => ({}))) as { code?: string };
      throw new LinkAccessError(j.code ?? String(res.status));
    }
    return (await res.json()) as LinkAccess;
  }

  /** GET /api/links/{slug}/stats: downloads per day in the browser's time zone (the owner's). */
  async stats(slug: string): Promise<LinkStats> {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const res = await this.call('GET', `/api/links/${encodeURIComponent(slug)}/stats?tz=${encodeURIComponent(tz)}`);
    if (!res.ok) throw new Error(`stats: ${res.status}`);
    return (await res.json()) as LinkStats;
  }

  /** GET /api/links, every page (100 a page): the caller's link records (to join slugs to drive files). */
  async links(): Promise<LinkRecord[]> {
    const all: LinkRecord[] = [];
    let pageToken = '';
    try {
      for (let page = 0; page < MAX_LINK_PAGES; page++) {
        const res = await this.call(
          'GET',
          `/api/links${pageToken ? `?pageToken=${encodeURIComponent(pageToken)}` : ''}`,
        );
        if (!res.ok) break;
        const j = (await res.json()) as Partial<LinksResponse>;
        all.push(...(j.links ?? []));
        if (!j.nextPageToken || j.nextPageToken === pageToken) break;
        pageToken = j.nextPageToken;
      }
    } catch {
      // What was read is used; the rest of the rows fall back to their ferry_short_id tag.
    }
    return all;
  }

  /** GET /api/config: the Drive root URL and upload settings of this environment. */
  async config(): Promise<PublicConfig> {
    const res = await this.f('/api/config', { cache: 'no-store' });
    if (!res.ok) throw new Error(`config ${res.status}`);
    return (await res.json()) as PublicConfigBody;
  }
}
