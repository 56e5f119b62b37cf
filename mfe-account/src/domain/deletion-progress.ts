import type { AccountDeletionState } from '../api/my-data-api';

/** The steps the account page counts, in order (the contract's, without "requested"). */
const COUNTED = [
  'links-closed',
  'subscription-cancelled',
  'files-handled',
  'token-revoked',
  'data-deleted',
  'mail-queued',
  'done',
] as const;

/** How many of the deletion's steps are done, and of how many. */
export function deletionProgress(state: AccountDeletionState): { done: number; total: number } {
  const i = state.step ? COUNTED.indexOf(state.step as (typeof COUNTED)[number]) : -1;
  return { done: i + 1, total: COUNTED.length };
}

/** How long the page waits before it asks again: soon at first, then less often. */
export function pollDelayMs(polls: number): number {
  return Math.min(5_000, 500 * 2 ** Math.min(polls, 4));
}
