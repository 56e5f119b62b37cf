/** Spec §5: the sender subdomain from the e-mail's local part: lower case, a-z 0-9 and hyphen, ≤ 63. */
export function senderSubdomain(email: string | undefined | null): string {
  const local = (email ?? '').split('@')[0] ?? '';
  return local
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 63);
}
