import type {
  CheckoutSession,
  Customer,
  Invoice,
  PaymentMethod,
  PortalSession,
  Price,
  TaxId,
  Product,
  StripeEvent,
  Subscription,
  TestClock,
  WebhookEndpoint,
} from '../domain/objects.js';
import type { CardBehaviour } from '../domain/cards.js';

/** What a Checkout Session will create, kept beside the session (Stripe does not show it). */
export interface SessionInternals {
  priceId: string;
  quantity: number;
  trialEnd: number | null;
  subscriptionMetadata: Record<string, string>;
  /** Stripe Tax on the subscription and its invoices (`automatic_tax[enabled]`). */
  automaticTax?: boolean;
  /** Whether the hosted page asks for a VAT number (`tax_id_collection[enabled]`). */
  taxIdCollection?: boolean;
  /** Whether Checkout saves the address and name it collects onto an existing customer (`customer_update`). */
  customerUpdate?: { address: boolean; name: boolean };
}

/**
 * Every object the stand-in holds, in memory, optionally saved to one JSON file (see snapshot.ts).
 * Objects belong to their customer; nothing is shared between customers but the id counters.
 */
export class Store {
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  /** How each attached card behaves when charged (the test-card rules). */
  readonly cardBehaviour = new Map<string, CardBehaviour>();
  readonly checkoutSessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly taxIds = new Map<string, TaxId>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly testClocks = new Map<string, TestClock>();
  readonly webhookEndpoints = new Map<string, WebhookEndpoint>();
  readonly sessionInternals = new Map<string, SessionInternals>();
  /** Subscriptions whose customer.subscription.trial_will_end has been sent. */
  readonly trialWillEndSent = new Set<string>();
  /** Newest last. */
  readonly events: StripeEvent[] = [];
  readonly eventsById = new Map<string, StripeEvent>();
  nextInvoiceNumber(customer: Customer): string {
    const n = customer.next_invoice_sequence;
    customer.next_invoice_sequence += 1;
    return `${customer.invoice_prefix}-${String(n).padStart(4, '0')}`;
  }

  /** Looks an object up by its id's prefix (for `expand[]`). */
  byId(id: string): object | undefined {
    const maps: Array<Map<string, object>> = [
      this.products,
      this.prices,
      this.customers,
      this.paymentMethods,
      this.checkoutSessions,
      this.subscriptions,
      this.invoices,
      this.taxIds,
      this.portalSessions,
      this.testClocks,
    ];
    for (const map of maps) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }
}
