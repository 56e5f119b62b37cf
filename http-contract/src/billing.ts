import { z } from 'zod';
import { isoTime, text } from './fields.js';

/**
 * The spec §3 body of the billing calls: the e-mail is only checked against the signed-in account.
 * `language` is the caller's screen language (BCP 47): trial reminder mails go out in it.
 */
export const BillingBody = z.object({
  email: z.string().optional().catch(undefined),
  language: text.describe(
    'The language of the caller’s screen (BCP 47); default: the language switcher’s cookie, then Accept-Language',
  ),
});
export type BillingBody = z.input<typeof BillingBody>;

export const PHASES = ['trial', 'paid', 'expired'] as const;

/** The plans a subscription can be on; the paid ones can be bought. */
export const ACCESS_PLANS = ['trial', 'monthly', 'yearly'] as const;
export const PAID_PLANS = ['monthly', 'yearly'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/**
 * Where the subscription stands (finer than `phase`): `scheduled` = paid during the trial, the plan
 * starts at `starts_at`; `cancelled` = access until `paid_until`, resumable until then;
 * `past_due` = a renewal failed, access until `grace_until`.
 */
export const ACCESS_STATES = ['trial', 'active', 'scheduled', 'cancelled', 'past_due', 'expired'] as const;
export type AccessState = (typeof ACCESS_STATES)[number];

/** The spec §3 subscription-status response (snake_case, as the spec names the fields), with the plan and its state. */
export const AccessStatus = z.strictObject({
  phase: z.enum(PHASES),
  remaining_days: z.number().int().nonnegative(),
  total_days: z.number().int().nonnegative(),
  paid_until: isoTime.nullable(),
  cancelled_at: isoTime.nullable(),
  plan: z.enum(ACCESS_PLANS),
  state: z.enum(ACCESS_STATES),
  starts_at: isoTime.nullable().describe('When a scheduled paid plan starts (the trial’s end)'),
  grace_until: isoTime.nullable().describe('End of the grace period after a failed renewal'),
});
export type AccessStatus = z.infer<typeof AccessStatus>;

export const TrialStartResponse = AccessStatus.extend({ ok: z.literal(true), started: z.boolean() });
export type TrialStartResponse = z.infer<typeof TrialStartResponse>;

export const CancelResponse = AccessStatus.extend({ ok: z.literal(true), message: z.string() });
export type CancelResponse = z.infer<typeof CancelResponse>;

export const ResumeResponse = AccessStatus.extend({ ok: z.literal(true) });
export type ResumeResponse = z.infer<typeof ResumeResponse>;

/** One paid plan and its price, as Stripe has it (amounts in minor units: 200 = 2 EUR). */
export const PlanPrice = z.strictObject({
  plan: z.enum(PAID_PLANS),
  unit_amount: z.number().int().nonnegative(),
  currency: z.literal('eur'),
  interval: z.enum(['month', 'year']),
  best_value: z.boolean(),
});
export type PlanPrice = z.infer<typeof PlanPrice>;

/** GET /api/billing/plans. */
export const PlansResponse = z.strictObject({ plans: z.array(PlanPrice) });
export type PlansResponse = z.infer<typeof PlansResponse>;

/** POST /api/billing/checkout: the paid plan to buy. */
export const CheckoutBody = BillingBody.extend({
  plan: z.enum(PAID_PLANS, { error: 'plan must be "monthly" or "yearly"' }),
});
export type CheckoutBody = z.input<typeof CheckoutBody>;

/** POST /api/billing/checkout and /api/billing/portal: the Stripe page to send the browser to. */
export const RedirectUrlResponse = z.strictObject({ url: z.url() });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponse>;

/** The longest single move of the test clock: two years, past any trial, period and grace. */
export const MAX_CLOCK_ADVANCE_SECONDS = 2 * 366 * 86_400;

const clockAmount = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .nonnegative({ error: `${name} must not be negative` })
    .optional();

/** POST /api/dev/clock/advance: how far to move the caller's clock (days and seconds add up). */
export const ClockAdvanceBody = z
  .object({ days: clockAmount('days'), seconds: clockAmount('seconds') })
  .transform((b, ctx) => {
    const seconds = Math.round((b.days ?? 0) * 86_400 + (b.seconds ?? 0));
    if (seconds < 1 || seconds > MAX_CLOCK_ADVANCE_SECONDS) {
      ctx.issues.push({
        code: 'custom',
        message: `days and seconds must add up to 1 second … ${MAX_CLOCK_ADVANCE_SECONDS / 86_400} days`,
        input: b,
      });
      return z.NEVER;
    }
    return { seconds };
  });
export type ClockAdvanceBody = z.input<typeof ClockAdvanceBody>;

export const StripeWebhookResponse = z.strictObject({
  received: z.literal(true),
  event_id: z.string(),
  duplicate: z.boolean(),
});
export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponse>;
