import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readJson, writeJsonSync } from './persist.js';

export interface AccountClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
}

/** Google's `sub` is a decimal string of ~21 digits; derive one stably from the e-mail address. */
export function subjectFor(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`;
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** "alice.smith@example.com" → Alice / Smith; a single-word local part gets the family name "User". */
export function namesFor(email: string): { given: string; family: string } {
  const local = email.split('@')[0] ?? email;
  const parts = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map(capitalise);
  return { given: parts[0] ?? 'Dev', family: parts.slice(1).join(' ') || 'User' };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** Accounts are created on first sign-in; any well-formed e-mail address is accepted. */
export class Accounts {
  private readonly path: string;
  private readonly bySub: Record<string, string>;

  constructor(
    dataDir: string,
    private readonly issuer: () => string,
  ) {
    this.path = join(dataDir, 'accounts.json');
    this.bySub = readJson<Record<string, string>>(this.path) ?? {};
  }

  register(email: string): string {
    const normalised = email.trim().toLowerCase();
    const sub = subjectFor(normalised);
    if (this.bySub[sub] !== normalised) {
      this.bySub[sub] = normalised;
      writeJsonSync(this.path, this.bySub);
    }
    return sub;
  }

  claims(sub: string): AccountClaims | undefined {
    const email = this.bySub[sub];
    if (!email) return undefined;
    const { given, family } = namesFor(email);
    return {
      sub,
      email,
      email_verified: true,
      name: `${given} ${family}`,
      given_name: given,
      family_name: family,
      picture: `${this.issuer()}/avatar/${sub}.svg`,
    };
  }
}
