/**
 * Every "now" of the billing service. In production an account's now is the wall clock; with the
 * test clock on (BILLING_TEST_CLOCK=on: tests and single-machine mode), each account runs ahead by
 * its stored offset, which AdvanceTestClock moves (and the account's Stripe test clock with it).
 */
export interface BillingClock {
  /** The wall clock (signature tolerance, lease times). */
  wallNow(): Date;
  /** The account's now. */
  accountNow(account: { clockOffsetMs: bigint | number }): Date;
  /** Whether accounts' clocks may be moved. */
  readonly testClock: boolean;
}

export function createBillingClock(wallNow: () => Date, testClock: boolean): BillingClock {
  return {
    wallNow,
    testClock,
    accountNow: (account) => (testClock ? new Date(wallNow().getTime() + Number(account.clockOffsetMs)) : wallNow()),
  };
}

/** Unix seconds, as Stripe counts time. */
export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
