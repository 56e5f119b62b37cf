/** The body of POST /api/feedback (@ferry/http-contract's FeedbackBody). */
export interface FeedbackRequest {
  message: string;
  replyTo?: string;
  page: string;
  language: string;
  requestId: string;
}

/** Why a send failed, as the dialog says it (translated by kind). */
export type FeedbackFailure = 'invalid' | 'rate-limited' | 'unavailable' | 'network';

export class FeedbackError extends Error {
  constructor(readonly kind: FeedbackFailure) {
    super(`feedback failed: ${kind}`);
    this.name = 'FeedbackError';
  }
}

/** POST /api/feedback; rejects with a FeedbackError. Repeating the same requestId queues nothing new. */
export async function postFeedback(
  body: FeedbackRequest,
  fetchImpl: typeof fetch = (input, init) => window.fetch(input, init),
): Promise<void> {
  let res: Response;
  try {
    res = await fetchImpl('/api/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(body),
    });
  } catch {
    throw new FeedbackError('network');
  }
  if (res.ok) return;
  if (res.status === 429) throw new FeedbackError('rate-limited');
  if (res.status === 400 || res.status === 413) throw new FeedbackError('invalid');
  throw new FeedbackError(res.status === 503 ? 'unavailable' : 'network');
}
