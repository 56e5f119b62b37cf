// Types only: the contract's schemas (zod) stay out of the browser bundle; answers are checked by hand below.
import type { AccessStatus, BillingBody } from '@ferry/http-contract';

/** The subscription-status response of spec §3, as POST /api/access/status answers it. */
export type { AccessStatus };

export type StatusResult = { kind: 'loaded'; status: AccessStatus } | { kind: 'no-data' };

type Fetch = typeof fetch;

export class BillingApiError extends Error {
  constructor(readonly status: number) {
    super(`billing call failed with HTTP ${status}`);
    this.name = 'BillingApiError';
  }
}

/** The account page's product API calls (spec §7), same origin as the page, bearer token. */
export class BillingApi {
  private readonly f: Fetch;
  constructor(
    private readonly token: string,
    private readonly email: string,
    f?: Fetch,
  ) {
    this.f = f ?? ((...a) => fetch(...a));
  }

  private post(path: string, signal?: AbortSignal): Promise<Response> {
    return this.f(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.email } satisfies BillingBody),
      cache: 'no-store',
      signal,
    });
  }

  /** POST /api/access/status: 404 means the account has no subscription (the no-data state). */
  async status(signal?: AbortSignal): Promise<StatusResult> {
    const res = await this.post('/api/access/status', signal);
    if (res.status === 404) return { kind: 'no-data' };
    if (!res.ok) throw new BillingApiError(res.status);
    const body = (await res.json()) as Partial<AccessStatus> | null;
    if (!body || typeof body.phase !== 'string' || typeof body.total_days !== 'number') return { kind: 'no-data' };
    return {
      kind: 'loaded',
      status: {
        phase: body.phase,
        remaining_days: Math.max(0, Number(body.remaining_days) || 0),
        total_days: body.total_days,
        paid_until: body.paid_until ?? null,
        cancelled_at: body.cancelled_at ?? null,
      },
    };
  }

  /** POST on the payment provider's cancel path under /api; the response body is not shown (spec §7). */
  async cancel(): Promise<void> {
    const res = await this.post('/api/stripe/cancel');
    if (!res.ok) throw new BillingApiError(res.status);
  }
}
