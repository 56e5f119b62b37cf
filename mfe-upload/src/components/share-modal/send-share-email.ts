// Types only: the contract's schemas (zod) stay out of the browser bundle.
import type { ErrorCode, ShareEmailBody } from '@ferry/http-contract';

/** What the modal sends; the sender is the signed-in user (the gateway takes it from the token). */
export type ShareEmailRequest = Pick<ShareEmailBody, 'slug' | 'downloadUrl'> & {
  recipients: string[];
  message: string;
  /** The sender's language, for their copy. */
  locale: string;
  /** The recipients' language: their mail and the link's ?lng= (absent = the sender's). */
  recipientLocale?: string;
};

/** The translation key (`share.errors.*`) of each error code the share call answers with; other codes show the API's own text. */
export const ERROR_TEXT_KEYS = {
  invalid_recipients: 'invalidRecipients',
  sender_unknown: 'senderUnknown',
  url_unknown: 'urlUnknown',
  receiver_mail_failed: 'receiverFailed',
  uploader_mail_failed: 'uploaderFailed',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** A refused or failed share: the API's `error` text and its stable `code`. */
export class ShareEmailError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ShareEmailError';
  }
}

/** The translation key of a failed send, by the error's code (never by its English text). */
export function errorTextKey(err: unknown): (typeof ERROR_TEXT_KEYS)[keyof typeof ERROR_TEXT_KEYS] | undefined {
  const code = err instanceof ShareEmailError ? err.code : undefined;
  return code !== undefined && Object.hasOwn(ERROR_TEXT_KEYS, code)
    ? ERROR_TEXT_KEYS[code as keyof typeof ERROR_TEXT_KEYS]
    : undefined;
}

/** POST /api/share-email with the bearer token; throws a ShareEmailError carrying the answer's `error` and `code`. */
export async function postShareEmail(
  request: ShareEmailRequest,
  token: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (!token) throw new ShareEmailError('Unable to determine sender email.', 'sender_unknown');
  const res = await fetchImpl('/api/share-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(request satisfies ShareEmailBody),
  });
  if (res.ok) return;
  let error = 'receiver mail failed';
  let code = 'receiver_mail_failed';
  try {
    const body = (await res.json()) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string' && body.error) error = body.error;
    code = typeof body.code === 'string' ? body.code : '';
  } catch {
    // Not JSON (a proxy's page): keep the generic text.
  }
  throw new ShareEmailError(error, code);
}
