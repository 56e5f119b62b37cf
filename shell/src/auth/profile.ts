/** The signed-in user as the shell and the remotes see it. */
export interface AuthUser {
  id: string;
  email: string;
  name?: string;
  picture?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/**
 * Normalises a profile (spec §3): id from id/sub, e-mail from email with the fallbacks
 * primaryEmail, user_info.email and profile.email. Undefined without an e-mail.
 */
export function normaliseUser(raw: unknown): AuthUser | undefined {
  const r = obj(raw);
  const email = str(r.email) ?? str(r.primaryEmail) ?? str(obj(r.user_info).email) ?? str(obj(r.profile).email);
  if (!email) return undefined;
  const id = str(r.id) ?? str(r.sub) ?? str(obj(r.user_info).sub) ?? str(obj(r.profile).id) ?? email;
  const user: AuthUser = { id, email };
  const name = str(r.name);
  const picture = str(r.picture);
  if (name) user.name = name;
  if (picture) user.picture = picture;
  return user;
}
