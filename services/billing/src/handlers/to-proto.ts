import { Phase, Plan, State, type AccessStatus } from '@ferry/contracts/billing/v1';
import type { Access } from '../domain/access.js';

const phases = { TRIAL: Phase.PHASE_TRIAL, PAID: Phase.PHASE_PAID, EXPIRED: Phase.PHASE_EXPIRED } as const;
const plans = { TRIAL: Plan.PLAN_TRIAL, MONTHLY: Plan.PLAN_MONTHLY, YEARLY: Plan.PLAN_YEARLY } as const;

export function toAccessStatus(access: Access): AccessStatus {
  return {
    phase: phases[access.phase],
    plan: plans[access.plan],
    remainingDays: access.remainingDays,
    totalDays: access.totalDays,
    paidUntil: access.paidUntil,
    ...(access.cancelledAt ? { cancelledAt: access.cancelledAt } : {}),
    state: access.phase === 'EXPIRED' ? State.STATE_EXPIRED : access.cancelledAt ? State.STATE_CANCELLED : access.phase === 'TRIAL' ? State.STATE_TRIAL : State.STATE_ACTIVE,
  };
}
