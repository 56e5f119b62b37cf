import { parseAdminEmails } from '@ferry/rules';
import type { VerifiedIdentity } from '../auth/token-cache.js';

/**
 * The administrators named by config (ADMIN_EMAILS). Only a sign-in whose provider verified the
 * e-mail counts: an unverified address that happens to match is an ordinary user.
 */
export class Admins {
  private readonly emails: ReadonlySet<string>;

  constructor(list: string | undefined) {
    this.emails = parseAdminEmails(list ?? '');
  }

  isAdmin(identity: Pick<VerifiedIdentity, 'email' | 'emailVerified'>): boolean {
    return identity.emailVerified === true && this.emails.has(identity.email.trim().toLowerCase());
  }
}
