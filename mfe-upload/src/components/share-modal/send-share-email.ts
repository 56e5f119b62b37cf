/** What the modal sends; the sender is the signed-in user (the gateway takes it from the token). */
export interface ShareEmailRequest {
  /** The link's slug (shortId); else `downloadUrl`. */
  slug?: string;
  downloadUrl?: string;
  recipients: string[];
  message: string;
  /** The sender's language, for their copy. */
  locale: string;
}

/** Spec §8 texts the API answers with; the modal shows them translated. */
export const API_TEXTS = {
  'Please enter at least one email address': 'invalidRecipients',
  'Unable to determine sender email.': 'senderUnknown',
  'Unable to determine download URL.': 'urlUnknown',
  'receiver mail failed': 'receiverFailed',
  'uploader mail failed': 'uploaderFailed',
} as const satisfies Record<string, string>;

/** POST /api/share-email with the bearer token; throws an Error carrying the answer's `error` text. */
export async function postShareEmail(request: ShareEmailRequest, token: string | null, fetchImpl: typeof fetch = fetch): Promise<void> {
  if (!token) throw new Error('Unable to determine sender email.');
  const res = await fetchImpl('/api/share-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(request),
  });
  if (res.ok) return;
  let error = 'receiver mail failed';
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) error = body.error;
  } catch {
    // Not JSON (a proxy's page): keep the generic text.
  }
  throw new Error(error);
}
