import { API_VERSION, type StripeEvent } from '../domain/objects.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/store.js';

/** The API request an event came from (null for what Stripe does on its own: renewals, retries, hosted pages). */
export interface RequestRef {
  id: string | null;
  idempotency_key: string | null;
}

export const AUTOMATIC: RequestRef = { id: null, idempotency_key: null };

export type EventSink = (event: StripeEvent) => number;

/** Records each state change as the event Stripe would emit, and hands it to webhook delivery. */
export class Events {
  constructor(
    private readonly store: Store,
    private readonly sink: EventSink,
  ) {}

  emit(
    type: string,
    object: object,
    created: number,
    request: RequestRef = AUTOMATIC,
    previous?: Record<string, unknown>,
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created,
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request,
      type,
    };
    this.store.events.push(event);
    this.store.eventsById.set(event.id, event);
    event.pending_webhooks = this.sink(event);
    return event;
  }
}

/** The attributes of `before` that differ from `after`, with their old values (an event's previous_attributes). */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const prev: Record<string, unknown> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) prev[key] = a[key] ?? null;
  }
  return prev;
}
