import { backoffDelay, type BackoffOptions } from '@ferry/rules';
import type { Logger } from '@ferry/service-kit';
import type { StripeEvent } from '../domain/objects.js';
import { stripeSignature } from './signature.js';

export interface DeliveryTarget {
  id: string;
  url: string;
  secret: string;
}

export interface DeliveryAttempt {
  eventId: string;
  endpointId: string;
  attempt: number;
  status: number | null;
  at: number;
  /** The wait before the next attempt; null once accepted. */
  retryInMs: number | null;
}

export interface DeliveryOptions {
  retry: BackoffOptions;
  /** Per-attempt timeout; Stripe waits a little longer, tests want quick answers. */
  timeoutMs?: number;
  logger?: Logger;
  onDelivered?: (event: StripeEvent, endpointId: string) => void;
}

/**
 * Posts events to webhook endpoints, signed as Stripe signs them, and retries each (event,
 * endpoint) with exponential backoff until the endpoint answers 2xx. Attempts run independently,
 * so, as with Stripe, a later event may arrive before an earlier one that is being retried.
 */
export class WebhookDelivery {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  readonly attempts: DeliveryAttempt[] = [];

  constructor(private readonly options: DeliveryOptions) {}

  send(event: StripeEvent, target: DeliveryTarget): void {
    this.attempt(event, target, 0);
  }

  private attempt(event: StripeEvent, target: DeliveryTarget, attempt: number): void {
    if (this.closed) return;
    const run = this.post(event, target)
      .then((status) => {
        const accepted = status !== null && status >= 200 && status < 300;
        const delay = accepted ? null : backoffDelay(attempt, this.options.retry);
        this.attempts.push({
          eventId: event.id,
          endpointId: target.id,
          attempt,
          status,
          at: Date.now(),
          retryInMs: delay,
        });
        if (delay === null) {
          this.options.onDelivered?.(event, target.id);
          return;
        }
        this.options.logger?.info(
          { event: event.id, type: event.type, url: target.url, status, attempt, retryInMs: delay },
          'webhook not accepted; retrying',
        );
        this.later(delay, () => this.attempt(event, target, attempt + 1));
      })
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async post(event: StripeEvent, target: DeliveryTarget): Promise<number | null> {
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(payload, target.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return null;
    }
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  /** Stops retrying and waits for attempts under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}
