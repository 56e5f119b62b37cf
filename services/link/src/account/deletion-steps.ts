/**
 * The steps of an account deletion, in the order they run. `account_deletions.step` holds the last
 * one done; each step is safe to repeat, because a crash after its work and before its mark repeats it.
 *
 * - links-closed: every link is marked deleted (410 at once; the gateways' caches are told);
 * - subscription-cancelled: billing cancels the subscription at Stripe and deletes its rows;
 * - files-handled: public sharing of each file is removed and, if asked, the files go to the drive's
 *   trash, with the stored grant (so before it is revoked);
 * - token-revoked: the stored refresh token is revoked at the provider (RFC 7009) and deleted;
 * - data-deleted: links, counts, statistics, short codes and outbox rows here, and notification's
 *   mails and share requests, are deleted (slugs stay as anonymous tombstones: never reused, 410);
 * - mail-queued: notification queues the confirmation mail, once per deletion;
 * - done.
 */
export const DELETION_STEPS = [
  'links-closed',
  'subscription-cancelled',
  'files-handled',
  'token-revoked',
  'data-deleted',
  'mail-queued',
  'done',
] as const;

export type DeletionStep = (typeof DELETION_STEPS)[number];

/** The step after `done` ('' = none yet), or undefined when the deletion is finished. */
export function nextStep(done: string): DeletionStep | undefined {
  if (done === '') return DELETION_STEPS[0];
  const i = DELETION_STEPS.indexOf(done as DeletionStep);
  if (i < 0) throw new Error(`unknown account deletion step "${done}"`);
  return DELETION_STEPS[i + 1];
}
