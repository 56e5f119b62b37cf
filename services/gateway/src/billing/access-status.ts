import { Phase, Plan, State, type AccessStatus } from '@ferry/contracts/billing/v1';
import type { AccessStatus as AccessStatusBody } from '@ferry/http-contract';

const PHASES: Record<number, AccessStatusBody['phase']> = {
  [Phase.PHASE_TRIAL]: 'trial',
  [Phase.PHASE_PAID]: 'paid',
  [Phase.PHASE_EXPIRED]: 'expired',
};

const PLANS: Record<number, AccessStatusBody['plan']> = {
  [Plan.PLAN_TRIAL]: 'trial',
  [Plan.PLAN_MONTHLY]: 'monthly',
  [Plan.PLAN_YEARLY]: 'yearly',
};

const STATES: Record<number, AccessStatusBody['state']> = {
  [State.STATE_TRIAL]: 'trial',
  [State.STATE_ACTIVE]: 'active',
  [State.STATE_SCHEDULED]: 'scheduled',
  [State.STATE_CANCELLED]: 'cancelled',
  [State.STATE_PAST_DUE]: 'past_due',
  [State.STATE_EXPIRED]: 'expired',
};

const iso = (d: Date | undefined): string | null => (d ? d.toISOString() : null);

/** The state, read from the phase when billing does not name one (it always should). */
function stateOf(s: AccessStatus | undefined, phase: AccessStatusBody['phase']): AccessStatusBody['state'] {
  const named = STATES[s?.state ?? State.STATE_UNSPECIFIED];
  if (named) return named;
  if (phase === 'paid') return s?.cancelledAt ? 'cancelled' : 'active';
  return phase;
}

/** The spec §3 subscription-status response (snake_case, as the spec names the fields), with plan and state. */
export function toAccessStatusBody(s: AccessStatus | undefined): AccessStatusBody {
  const phase = PHASES[s?.phase ?? Phase.PHASE_EXPIRED] ?? 'expired';
  return {
    phase,
    remaining_days: s?.remainingDays ?? 0,
    total_days: s?.totalDays ?? 0,
    paid_until: iso(s?.paidUntil),
    cancelled_at: iso(s?.cancelledAt),
    plan: PLANS[s?.plan ?? Plan.PLAN_UNSPECIFIED] ?? 'trial',
    state: stateOf(s, phase),
    starts_at: iso(s?.startsAt),
    grace_until: iso(s?.graceUntil),
  };
}

/** Whether the trial or plan has ended: such an account creates no new links. */
export function hasExpired(s: AccessStatus): boolean {
  return toAccessStatusBody(s).state === 'expired';
}
