/**
 * After Checkout the plan shows once Stripe's webhook reached the billing service: the page asks
 * for the status every `intervalMs` and gives up with a message after `timeoutMs`.
 */
export const CHECKOUT_POLL = { intervalMs: 2_000, timeoutMs: 60_000 } as const;
