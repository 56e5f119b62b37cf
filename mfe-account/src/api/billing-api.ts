// Types only: the contract's schemas (zod) stay out of the browser bundle; answers are checked by hand below.
import type {
  AccessState,
  AccessStatus,
  BillingBody,
  CheckoutBody,
  PaidPlan,
  PlanPrice,
  PlansResponse,
  RedirectUrlResponse,
} from '@ferry/http-contract';
import { planOf } from '../domain/plan';

/**
 * The subscription status as POST /api/access/status answers it (and the cancel and resume calls):
 * the spec §3 fields plus the plan, the state and the dates of the paid plan's start and of the
 * grace period.
 */
export type { AccessStatus, PaidPlan, PlanPrice };
export type AccessPlan = AccessStatus['plan'];

export type StatusResult = { kind: 'loaded'; status: AccessStatus } | { kind: 'no-data' };

type Fetch = typeof fetch;

export class BillingApiError extends Error {
  constructor(
    readonly status: number,
    /** The error body's `code` (`already_subscribed`, `no_billing_account`, …), when it had one. */
    readonly code?: string,
  ) {
    super(`billing call failed with HTTP ${status}${code ? ` (${code})` : ''}`);
    this.name = 'BillingApiError';
  }
}

const STATES: readonly AccessState[] = ['trial', 'active', 'scheduled', 'cancelled', 'past_due', 'expired'];
const PLANS: readonly AccessPlan[] = ['trial', 'monthly', 'yearly'];
const BADGE_PLAN = { trial: 'trial', annual: 'yearly', monthly: 'monthly' } as const;
const isoOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The state when an answer has none: read from the spec §3 phase and the cancellation. */
function stateFromPhase(phase: string, cancelledAt: string | null): AccessState {
  if (phase === 'expired') return 'expired';
  if (cancelledAt) return 'cancelled';
  return phase === 'paid' ? 'active' : 'trial';
}

/** A status answer as the page uses it; null when it is none. Without a plan, spec §5 reads it from total_days. */
export function readStatus(body: unknown): AccessStatus | null {
  const b = body as Partial<Record<keyof AccessStatus, unknown>> | null;
  if (!b || typeof b.phase !== 'string' || typeof b.total_days !== 'number') return null;
  const phase = b.phase as AccessStatus['phase'];
  const cancelled_at = isoOrNull(b.cancelled_at);
  return {
    phase,
    remaining_days: Math.max(0, Number(b.remaining_days) || 0),
    total_days: b.total_days,
    paid_until: isoOrNull(b.paid_until),
    cancelled_at,
    plan: PLANS.includes(b.plan as AccessPlan) ? (b.plan as AccessPlan) : BADGE_PLAN[planOf(b.total_days)],
    state: STATES.includes(b.state as AccessState) ? (b.state as AccessState) : stateFromPhase(phase, cancelled_at),
    starts_at: isoOrNull(b.starts_at),
    grace_until: isoOrNull(b.grace_until),
  };
}

async function errorFrom(res: Response): Promise<BillingApiError> {
  let code: string | undefined;
  try {
    const body = (await res.json()) as { code?: unknown };
    if (typeof body?.code === 'string') code = body.code;
  } catch {
    // No JSON body: the status alone.
  }
  return new BillingApiError(res.status, code);
}

/** The account page's product API calls (spec §7), same origin as the page, bearer token. */
export class BillingApi {
  private readonly f: Fetch;
  constructor(
    private readonly token: string,
    private readonly email: string,
    /** The page's language, sent along so the billing service writes the reminder mails in it. */
    private readonly language: () => string = () => 'en',
    f?: Fetch,
  ) {
    this.f = f ?? ((...a) => fetch(...a));
  }

  private post(path: string, body: object = {}, signal?: AbortSignal): Promise<Response> {
    return this.f(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.email, language: this.language(), ...body } satisfies BillingBody),
      cache: 'no-store',
      signal,
    });
  }

  private async postForStatus(path: string): Promise<AccessStatus | null> {
    const res = await this.post(path);
    if (!res.ok) throw await errorFrom(res);
    return readStatus(await res.json().catch(() => null));
  }

  /** POST /api/access/status: 404 means the account has no subscription (the no-data state). */
  async status(signal?: AbortSignal): Promise<StatusResult> {
    const res = await this.post('/api/access/status', {}, signal);
    if (res.status === 404) return { kind: 'no-data' };
    if (!res.ok) throw await errorFrom(res);
    const status = readStatus(await res.json());
    return status ? { kind: 'loaded', status } : { kind: 'no-data' };
  }

  /** POST on the payment provider's cancel path under /api: cancels at the end of the period; the new status when answered. */
  cancel(): Promise<AccessStatus | null> {
    return this.postForStatus('/api/stripe/cancel');
  }

  /** POST /api/billing/resume: undoes a cancellation before the period ends (409 `nothing_to_resume`). */
  resume(): Promise<AccessStatus | null> {
    return this.postForStatus('/api/billing/resume');
  }

  /** GET /api/billing/plans (public): the paid plans with their prices. */
  async plans(signal?: AbortSignal): Promise<PlanPrice[]> {
    const res = await this.f('/api/billing/plans', { signal, headers: { accept: 'application/json' } });
    if (!res.ok) throw await errorFrom(res);
    const body = (await res.json()) as Partial<PlansResponse> | null;
    const plans: Partial<PlanPrice>[] = Array.isArray(body?.plans) ? body.plans : [];
    return plans
      .filter(
        (p): p is PlanPrice =>
          (p.plan === 'monthly' || p.plan === 'yearly') &&
          typeof p.unit_amount === 'number' &&
          typeof p.currency === 'string' &&
          (p.interval === 'month' || p.interval === 'year'),
      )
      .map((p) => ({ ...p, best_value: p.best_value === true }));
  }

  /** POST /api/billing/checkout: the Stripe Checkout page for a paid plan (409 `already_subscribed`). */
  async checkout(plan: PaidPlan): Promise<string> {
    return this.urlFrom(
      await this.post('/api/billing/checkout', { plan } satisfies Omit<CheckoutBody, keyof BillingBody>),
    );
  }

  /** POST /api/billing/portal: the Stripe customer portal (409 `no_billing_account`). */
  async portal(): Promise<string> {
    return this.urlFrom(await this.post('/api/billing/portal'));
  }

  private async urlFrom(res: Response): Promise<string> {
    if (!res.ok) throw await errorFrom(res);
    const body = (await res.json()) as Partial<RedirectUrlResponse> | null;
    if (typeof body?.url !== 'string' || !/^https?:\/\//.test(body.url)) throw new BillingApiError(502, 'bad_url');
    return body.url;
  }
}
