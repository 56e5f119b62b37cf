/**
 * Administrators' decisions about links (issue 21): a link an administrator disabled, or one whose
 * owner's account is suspended, is "blocked". It answers 410 with a neutral message wherever it is
 * looked up, whatever its expiry; deletion still wins (its owner removed it).
 */
export function isBlocked(link: { disabledAt: Date | null; ownerSuspendedAt: Date | null }): boolean {
  return link.disabledAt !== null || link.ownerSuspendedAt !== null;
}

/** Suspensions and the links' owner e-mails are compared in lower case. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}
