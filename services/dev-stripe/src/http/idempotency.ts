import { createHash } from 'node:crypto';
import { errors } from './errors.js';

interface Stored {
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
}

/** How long Stripe keeps an idempotency key: 24 hours. */
const KEEP_MS = 24 * 3600 * 1000;

/**
 * `Idempotency-Key` on POST: a repeated key answers the first answer again (with
 * `Idempotent-Replayed: true`); the same key with another method, path or body is a 400
 * idempotency_error, as at Stripe.
 */
export class IdempotencyKeys {
  private readonly answers = new Map<string, Stored & { at: number }>();

  static fingerprint(method: string, path: string, body: string): string {
    return createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
  }

  /** The stored answer for the key, or undefined when it is new; throws when it was used differently. */
  replay(key: string, fingerprint: string): Stored | undefined {
    this.prune();
    const found = this.answers.get(key);
    if (!found) return undefined;
    if (found.fingerprint !== fingerprint) throw errors.idempotency(key);
    return found;
  }

  remember(key: string, answer: Stored): void {
    this.answers.set(key, { ...answer, at: Date.now() });
  }

  private prune(): void {
    const cutoff = Date.now() - KEEP_MS;
    for (const [key, value] of this.answers) {
      if (value.at >= cutoff) break;
      this.answers.delete(key);
    }
  }
}
