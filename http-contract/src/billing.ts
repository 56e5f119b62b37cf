import { z } from 'zod';
import { isoTime } from './fields.js';

/** The spec §3 body of the billing calls: only checked against the signed-in account. */
export const BillingBody = z.object({ email: z.string().optional().catch(undefined) });
export type BillingBody = z.input<typeof BillingBody>;

export const PHASES = ['trial', 'paid', 'expired'] as const;

/** The spec §3 subscription-status response (snake_case, as the spec names the fields). */
export const AccessStatus = z
  .strictObject({
    phase: z.enum(PHASES),
    remaining_days: z.number().int().nonnegative(),
    total_days: z.number().int().nonnegative(),
    paid_until: isoTime.nullable(),
    cancelled_at: isoTime.nullable(),
  });
export type AccessStatus = z.infer<typeof AccessStatus>;

export const TrialStartResponse = AccessStatus.extend({ ok: z.literal(true), started: z.boolean() });
export type TrialStartResponse = z.infer<typeof TrialStartResponse>;

export const CancelResponse = AccessStatus.extend({ ok: z.literal(true), message: z.string() });
export type CancelResponse = z.infer<typeof CancelResponse>;

export const StripeWebhookResponse = z
  .strictObject({ received: z.literal(true), event_id: z.string(), duplicate: z.boolean() });
export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponse>;
