import { Phase, Plan, State, type AccessStatus } from '@ferry/contracts/billing/v1';
import type { Access } from '../domain/access.js';

const phases = { TRIAL: Phase.PHASE_TRIAL, PAID: Phase.PHASE_PAID, EXPIRED: Phase.PHASE_EXPIRED } as const;
export const plans = { TRIAL: Plan.PLAN_TRIAL, MONTHLY: Plan.PLAN_MONTHLY, YEARLY: Plan.PLAN_YEARLY } as const;
const states = {
  TRIAL: State.STATE_TRIAL,
  ACTIVE: State.STATE_ACTIVE,
  SCHEDULED: State.STATE_SCHEDULED,
  CANCELLED: State.STATE_CANCELLED,
  PAST_DUE: State.STATE_PAST_DUE,
  EXPIRED: State.STATE_EXPIRED,
} as const;

export function toAccessStatus(access: Access): AccessStatus {
  return {
    phase: phases[access.phase],
    plan: plans[access.plan],
    state: states[access.state],
    remainingDays: access.remainingDays,
    totalDays: access.totalDays,
    paidUntil: access.paidUntil,
    ...(access.cancelledAt ? { cancelledAt: access.cancelledAt } : {}),
    ...(access.startsAt ? { startsAt: access.startsAt } : {}),
    ...(access.graceUntil ? { graceUntil: access.graceUntil } : {}),
  };
}
