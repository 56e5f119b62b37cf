/** Spec §5: split on commas, semicolons or whitespace, trimmed, de-duplicated; each entry must contain '@'. */
export function parseRecipients(input: string): string[] | null {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const part of input.split(/[,;\s]+/)) {
    const address = part.trim();
    if (!address) continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(address);
  }
  if (recipients.length === 0 || recipients.some((r) => !r.includes('@') || r.startsWith('@') || r.endsWith('@'))) return null;
  return recipients;
}
