// Types only: the contract's schemas (zod) stay out of the browser bundle.
import type { AccountStanding, AdminAuditEntry, AdminReport, AdminSuspension } from '@ferry/http-contract';

export type { AccountStanding, AdminAuditEntry, AdminReport, AdminSuspension };

type Fetch = typeof fetch;

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
  ) {
    super(`admin call failed with HTTP ${status}${code ? ` (${code})` : ''}`);
    this.name = 'AdminApiError';
  }
}

/** The administrators' routes (/api/admin/*) and the account's standing, for the signed-in user. */
export class AdminApi {
  private readonly f: Fetch;

  constructor(
    private readonly token: string,
    f?: Fetch,
  ) {
    this.f = f ?? ((...a) => fetch(...a));
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const res = await this.f(path, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      signal,
    });
    if (!res.ok) {
      const err = (await res.json().catch(() => null)) as { code?: unknown } | null;
      throw new AdminApiError(res.status, typeof err?.code === 'string' ? err.code : undefined);
    }
    return (await res.json()) as T;
  }

  standing(signal?: AbortSignal): Promise<AccountStanding> {
    return this.call('GET', '/api/account/standing', undefined, signal);
  }
  async reports(signal?: AbortSignal): Promise<AdminReport[]> {
    return (await this.call<{ reports: AdminReport[] }>('GET', '/api/admin/reports', undefined, signal)).reports;
  }
  async suspensions(signal?: AbortSignal): Promise<AdminSuspension[]> {
    return (await this.call<{ suspensions: AdminSuspension[] }>('GET', '/api/admin/suspensions', undefined, signal))
      .suspensions;
  }
  async audit(signal?: AbortSignal): Promise<AdminAuditEntry[]> {
    return (await this.call<{ entries: AdminAuditEntry[] }>('GET', '/api/admin/audit', undefined, signal)).entries;
  }
  /** One action on a link (disable, restore) or an account (suspend, restore), with its reason. */
  act(action: AdminAction, target: string, reason: string): Promise<unknown> {
    const slug = encodeURIComponent(target);
    switch (action) {
      case 'disableLink':
        return this.call('POST', `/api/admin/links/${slug}/disable`, { reason });
      case 'restoreLink':
        return this.call('POST', `/api/admin/links/${slug}/restore`, { reason });
      case 'suspendAccount':
        return this.call('POST', '/api/admin/accounts/suspend', { email: target, reason });
      case 'restoreAccount':
        return this.call('POST', '/api/admin/accounts/restore', { email: target, reason });
    }
  }
}

export type AdminAction = 'disableLink' | 'restoreLink' | 'suspendAccount' | 'restoreAccount';
