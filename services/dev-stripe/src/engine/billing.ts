import { checkCard, type CardBehaviour } from '../domain/cards.js';
import type {
  Address,
  BillingReason,
  CheckoutSession,
  Customer,
  Invoice,
  InvoiceTax,
  PaymentMethod,
  Plan,
  Price,
  Subscription,
  SubscriptionItem,
  TaxId,
  TestClock,
} from '../domain/objects.js';
import { euVatCountry, inclusiveVat } from '../domain/vat.js';
import { addIntervals, DAY, unixNow } from '../domain/time.js';
import { StripeError } from '../http/errors.js';
import { newId } from '../store/ids.js';
import type { SessionInternals, Store } from '../store/store.js';
import { AUTOMATIC, changedAttributes, type Events, type RequestRef } from './events.js';

/** Days after the first failed charge of an invoice on which Stripe retries it; after the last, the subscription is canceled. */
export const RETRY_DAYS = [3, 8, 15] as const;
/** Stripe sends customer.subscription.trial_will_end this long before a trial ends. */
const TRIAL_WILL_END_BEFORE = 3 * DAY;

export type CheckoutResult = { ok: true; redirect: string } | { ok: false; message: string };

/** What the hosted Checkout page collected besides the card. */
export interface CheckoutDetails {
  email: string | null;
  name: string | null;
  address: Address | null;
  /** An EU VAT number (tax_id_collection), already checked with `euVatCountry`. */
  vatNumber: string | null;
}

/**
 * What Stripe does on its own: subscriptions from Checkout, invoices and charges, trial ends,
 * renewals, failed-payment retries, cancellations at period end, and the clocks that drive them.
 */
export class Billing {
  constructor(
    private readonly store: Store,
    private readonly events: Events,
    /** The stand-in's public base URL, for hosted invoice pages and PDFs. */
    private readonly publicUrl: () => string = () => '',
  ) {}

  /** Now, for objects on `clockId` (its frozen time) or on no clock (the wall clock). */
  now(clockId: string | null | undefined): number {
    if (!clockId) return unixNow();
    return this.store.testClocks.get(clockId)?.frozen_time ?? unixNow();
  }

  clockOfCustomer(customerId: string | null | undefined): string | null {
    return customerId ? (this.store.customers.get(customerId)?.test_clock ?? null) : null;
  }

  // ─── Checkout ────────────────────────────────────────────────────────────────────────────

  /** The hosted page's "Pay": checks the card, then creates the customer, card and subscription. */
  payCheckout(session: CheckoutSession, cardNumber: string, details: CheckoutDetails): CheckoutResult {
    const clock = this.clockOfCustomer(session.customer);
    const now = this.now(clock);
    if (session.status === 'open' && now >= session.expires_at) this.expireCheckout(session, AUTOMATIC);
    if (session.status !== 'open') return { ok: false, message: 'This Checkout Session is no longer active.' };
    const check = checkCard(cardNumber);
    if (!check.ok) return { ok: false, message: check.message };
    const trialEnd = this.sessionTrialEnd(session);
    // A card whose charges fail cannot pay a first invoice that is due now.
    if (check.behaviour === 'fails_later' && trialEnd === null)
      return { ok: false, message: 'Your card was declined.' };

    const internals = this.sessionInternals(session);
    const customer = session.customer
      ? this.store.customers.get(session.customer)!
      : this.createCustomer(
          { email: details.email ?? session.customer_email, name: details.name, metadata: {}, testClock: null },
          AUTOMATIC,
        );
    this.saveCheckoutDetails(customer, details, {
      address: !session.customer || internals.customerUpdate?.address === true,
      name: !session.customer || internals.customerUpdate?.name === true,
    });
    const pm = this.attachCard(customer, check.brand, check.last4, check.behaviour);
    const price = this.store.prices.get(this.sessionInternals(session).priceId)!;
    const sub = this.createSubscription(customer, price, {
      trialEnd,
      metadata: this.sessionInternals(session).subscriptionMetadata,
      paymentMethod: pm.id,
      quantity: this.sessionInternals(session).quantity,
      automaticTax: internals.automaticTax === true,
    });
    session.status = 'complete';
    session.customer = customer.id;
    session.customer_details = {
      address: details.address,
      email: customer.email,
      name: details.name ?? customer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: details.vatNumber ? [{ type: 'eu_vat', value: details.vatNumber }] : [],
    };
    if (session.automatic_tax.enabled) session.automatic_tax.status = 'complete';
    const first = sub.latest_invoice ? this.store.invoices.get(sub.latest_invoice) : undefined;
    session.total_details.amount_tax = first ? first.total - first.total_excluding_tax : 0;
    session.subscription = sub.id;
    session.invoice = sub.latest_invoice;
    session.payment_status = trialEnd === null ? 'paid' : 'no_payment_required';
    session.url = null;
    this.events.emit('checkout.session.completed', session, now);
    return { ok: true, redirect: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  }

  /** Checkout's address, name and VAT number, onto the customer as `customer_update` allows. */
  private saveCheckoutDetails(
    customer: Customer,
    details: CheckoutDetails,
    allowed: { address: boolean; name: boolean },
  ): void {
    const now = this.now(customer.test_clock);
    const before = structuredClone(customer);
    if (allowed.address && details.address) customer.address = details.address;
    if (allowed.name && details.name) customer.name = details.name;
    if (details.vatNumber) {
      const taxId: TaxId = {
        id: newId('txi'),
        object: 'tax_id',
        country: euVatCountry(details.vatNumber),
        created: now,
        customer: customer.id,
        livemode: false,
        type: 'eu_vat',
        value: details.vatNumber,
        verification: { status: 'pending', verified_address: null, verified_name: null },
      };
      this.store.taxIds.set(taxId.id, taxId);
      this.events.emit('customer.tax_id.created', taxId, now);
    }
    const previous = changedAttributes(before, customer);
    if (Object.keys(previous).length > 0) this.events.emit('customer.updated', customer, now, AUTOMATIC, previous);
  }

  /** The customer's tax IDs, oldest first. */
  taxIdsOf(customerId: string): TaxId[] {
    return [...this.store.taxIds.values()].filter((t) => t.customer === customerId);
  }

  private sessionTrialEnd(session: CheckoutSession): number | null {
    return this.sessionInternals(session).trialEnd;
  }

  sessionInternals(session: CheckoutSession): SessionInternals {
    return this.store.sessionInternals.get(session.id)!;
  }

  expireCheckout(session: CheckoutSession, request: RequestRef): void {
    session.status = 'expired';
    session.url = null;
    this.events.emit('checkout.session.expired', session, this.now(this.clockOfCustomer(session.customer)), request);
  }

  // ─── Customers and cards ─────────────────────────────────────────────────────────────────

  createCustomer(
    input: {
      email: string | null;
      name?: string | null;
      metadata: Record<string, string>;
      testClock: string | null;
      description?: string | null;
      phone?: string | null;
      preferredLocales?: string[];
    },
    request: RequestRef,
  ): Customer {
    const created = this.now(input.testClock);
    const customer: Customer = {
      id: newId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created,
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      discount: null,
      email: input.email,
      invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata,
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: input.phone ?? null,
      preferred_locales: input.preferredLocales ?? [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: input.testClock,
    };
    this.store.customers.set(customer.id, customer);
    this.events.emit('customer.created', customer, created, request);
    return customer;
  }

  /** Attaches a card and makes it the customer's default for invoices (and their subscriptions'). */
  attachCard(customer: Customer, brand: string, last4: string, behaviour: CardBehaviour): PaymentMethod {
    const now = this.now(customer.test_clock);
    const pm: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: customer.email, name: customer.name, phone: null },
      card: {
        brand,
        country: 'US',
        exp_month: 12,
        exp_year: new Date(now * 1000).getUTCFullYear() + 5,
        funding: 'credit',
        last4,
      },
      created: now,
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.store.paymentMethods.set(pm.id, pm);
    this.store.cardBehaviour.set(pm.id, behaviour);
    this.events.emit('payment_method.attached', pm, now);
    const before = structuredClone(customer);
    customer.invoice_settings.default_payment_method = pm.id;
    this.events.emit('customer.updated', customer, now, AUTOMATIC, changedAttributes(before, customer));
    for (const sub of this.subscriptionsOf(customer.id)) {
      if (sub.status === 'canceled') continue;
      const was = structuredClone(sub);
      sub.default_payment_method = pm.id;
      this.events.emit('customer.subscription.updated', sub, now, AUTOMATIC, changedAttributes(was, sub));
    }
    return pm;
  }

  subscriptionsOf(customerId: string): Subscription[] {
    return [...this.store.subscriptions.values()].filter((s) => s.customer === customerId);
  }

  // ─── Subscriptions ───────────────────────────────────────────────────────────────────────

  createSubscription(
    customer: Customer,
    price: Price,
    options: {
      trialEnd: number | null;
      metadata: Record<string, string>;
      paymentMethod: string | null;
      quantity: number;
      automaticTax?: boolean;
    },
  ): Subscription {
    const now = this.now(customer.test_clock);
    const id = newId('sub');
    const periodEnd = options.trialEnd ?? addIntervals(now, price.recurring!.interval, price.recurring!.interval_count);
    const sub: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: options.automaticTax
        ? { disabled_reason: null, enabled: true, liability: { type: 'self' } }
        : { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: options.trialEnd ?? now,
      billing_cycle_anchor_config: null,
      billing_mode: { type: 'flexible' },
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: options.paymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: options.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: options.trialEnd ? 'trialing' : 'active',
      test_clock: customer.test_clock,
      transfer_data: null,
      trial_end: options.trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: options.trialEnd ? now : null,
    };
    sub.items.data.push(this.newItem(sub, price, options.quantity, now, periodEnd));
    this.store.subscriptions.set(id, sub);
    const amount = options.trialEnd ? 0 : price.unit_amount * options.quantity;
    const invoice = this.createInvoice(sub, 'subscription_create', now, periodEnd, amount, false);
    sub.latest_invoice = invoice.id;
    if (amount > 0) {
      const paid = this.attemptPayment(invoice, sub, now);
      if (!paid) sub.status = 'incomplete';
    } else {
      this.markPaid(invoice, now, false);
    }
    this.events.emit('customer.subscription.created', sub, now);
    this.announceInvoice(invoice, now);
    return sub;
  }

  private newItem(sub: Subscription, price: Price, quantity: number, start: number, end: number): SubscriptionItem {
    return {
      id: newId('si', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: start,
      current_period_end: end,
      current_period_start: start,
      discounts: [],
      metadata: {},
      plan: planOf(price),
      price: structuredClone(price),
      quantity,
      subscription: sub.id,
      tax_rates: [],
    };
  }

  item(sub: Subscription): SubscriptionItem {
    return sub.items.data[0]!;
  }

  priceOf(sub: Subscription): Price {
    const p = this.item(sub).price;
    return typeof p === 'string' ? this.store.prices.get(p)! : p;
  }

  setCancelAtPeriodEnd(
    sub: Subscription,
    cancel: boolean,
    request: RequestRef,
    details?: { comment?: string | null; feedback?: string | null },
  ): void {
    this.assertNotCanceled(sub);
    const now = this.now(sub.test_clock);
    const before = structuredClone(sub);
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? this.item(sub).current_period_end : null;
    sub.canceled_at = cancel ? now : null;
    sub.cancellation_details = cancel
      ? { comment: details?.comment ?? null, feedback: details?.feedback ?? null, reason: 'cancellation_requested' }
      : { comment: null, feedback: null, reason: null };
    this.emitUpdated(sub, before, now, request);
  }

  setCancelAt(sub: Subscription, at: number | null, request: RequestRef): void {
    this.assertNotCanceled(sub);
    const now = this.now(sub.test_clock);
    const before = structuredClone(sub);
    sub.cancel_at = at;
    sub.cancel_at_period_end = at !== null && at === this.item(sub).current_period_end;
    sub.canceled_at = at === null ? null : now;
    sub.cancellation_details = { comment: null, feedback: null, reason: at === null ? null : 'cancellation_requested' };
    this.emitUpdated(sub, before, now, request);
  }

  /** Switches the subscription to another price; a change of interval starts a new period now and invoices it. */
  switchPrice(
    sub: Subscription,
    price: Price,
    quantity: number | undefined,
    proration: 'create_prorations' | 'none' | 'always_invoice',
    request: RequestRef,
  ): void {
    this.assertNotCanceled(sub);
    const now = this.now(sub.test_clock);
    const before = structuredClone(sub);
    const item = this.item(sub);
    const old = this.priceOf(sub);
    const qty = quantity ?? item.quantity;
    item.price = structuredClone(price);
    item.plan = planOf(price);
    item.quantity = qty;
    const intervalChanged =
      old.recurring!.interval !== price.recurring!.interval ||
      old.recurring!.interval_count !== price.recurring!.interval_count;
    if (sub.status === 'trialing' || !intervalChanged) {
      this.emitUpdated(sub, before, now, request);
      return;
    }
    const unused =
      item.current_period_end > now
        ? Math.round(
            (old.unit_amount * before.items.data[0]!.quantity * (item.current_period_end - now)) /
              (item.current_period_end - item.current_period_start),
          )
        : 0;
    const credit = proration === 'none' ? 0 : unused;
    const end = addIntervals(now, price.recurring!.interval, price.recurring!.interval_count);
    item.current_period_start = now;
    item.current_period_end = end;
    sub.billing_cycle_anchor = now;
    if (sub.cancel_at_period_end) sub.cancel_at = end;
    const invoice = this.createInvoice(
      sub,
      'subscription_update',
      now,
      end,
      Math.max(0, price.unit_amount * qty - credit),
      credit > 0,
    );
    sub.latest_invoice = invoice.id;
    let paid = true;
    if (invoice.amount_due === 0) this.markPaid(invoice, now, false);
    else paid = this.attemptPayment(invoice, sub, now);
    if (!paid) sub.status = 'past_due';
    this.emitUpdated(sub, before, now, request);
    this.announceInvoice(invoice, now);
  }

  cancelNow(
    sub: Subscription,
    request: RequestRef,
    reason: 'cancellation_requested' | 'payment_failed' = 'cancellation_requested',
  ): void {
    this.assertNotCanceled(sub);
    const now = this.now(sub.test_clock);
    this.endSubscription(sub, now, request, reason);
  }

  private endSubscription(
    sub: Subscription,
    at: number,
    request: RequestRef,
    reason: 'cancellation_requested' | 'payment_failed',
  ): void {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    sub.cancel_at ??= at;
    sub.cancellation_details = { ...sub.cancellation_details, reason: sub.cancellation_details.reason ?? reason };
    for (const invoice of this.store.invoices.values()) {
      if (invoice.parent.subscription_details.subscription === sub.id && invoice.next_payment_attempt !== null)
        invoice.next_payment_attempt = null;
    }
    this.events.emit('customer.subscription.deleted', sub, at, request);
  }

  private assertNotCanceled(sub: Subscription): void {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw new StripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
  }

  emitUpdated(sub: Subscription, before: Subscription, at: number, request: RequestRef): void {
    const previous = changedAttributes(before, sub);
    if (Object.keys(previous).length > 0) this.events.emit('customer.subscription.updated', sub, at, request, previous);
  }

  // ─── Invoices and charges ────────────────────────────────────────────────────────────────

  private createInvoice(
    sub: Subscription,
    reason: BillingReason,
    periodStart: number,
    periodEnd: number,
    amount: number,
    proration: boolean,
  ): Invoice {
    const customer = this.store.customers.get(sub.customer)!;
    const price = this.priceOf(sub);
    const item = this.item(sub);
    const id = newId('in');
    const taxIds = this.taxIdsOf(customer.id);
    const vat =
      sub.automatic_tax.enabled && customer.address?.country
        ? inclusiveVat(amount, customer.address.country, taxIds.at(-1)?.value ?? null)
        : null;
    const taxes: InvoiceTax[] = vat
      ? [
          {
            amount: vat.amount,
            tax_behavior: 'inclusive',
            tax_rate_details: { tax_rate: `txr_${vat.country}${String(Math.round(vat.rate * 100)).padStart(4, '0')}` },
            taxability_reason: vat.reason,
            taxable_amount: vat.taxableAmount,
            type: 'tax_rate_details',
          },
        ]
      : [];
    const tax = vat?.amount ?? 0;
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'DE',
      account_name: 'Ferry (test mode)',
      account_tax_ids: null,
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amount,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: sub.automatic_tax.enabled
        ? { disabled_reason: null, enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'complete' }
        : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: periodStart,
      currency: price.currency,
      custom_fields: null,
      customer: customer.id,
      customer_address: customer.address,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: taxIds.map((t) => ({ type: t.type, value: t.value })),
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: periodStart,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `${this.publicUrl()}/i/${id}`,
      invoice_pdf: `${this.publicUrl()}/i/${id}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            description: `${item.quantity} × ${this.store.products.get(price.product)?.name ?? 'Subscription'} (at ${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} / ${price.recurring!.interval})`,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration,
                proration_details: { credited_items: null },
                subscription: sub.id,
                subscription_item: item.id,
              },
            },
            period: { end: periodEnd, start: periodStart },
            pretax_credit_amounts: [],
            pricing: {
              price_details: { price: price.id, product: price.product },
              type: 'price_details',
              unit_amount_decimal: price.unit_amount_decimal,
            },
            quantity: item.quantity,
            taxes: structuredClone(taxes),
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: this.store.nextInvoiceNumber(customer),
      on_behalf_of: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: periodEnd,
      period_start: periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'open',
      status_transitions: { finalized_at: periodStart, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: amount,
      subtotal_excluding_tax: amount - tax,
      test_clock: sub.test_clock,
      total: amount,
      total_discount_amounts: [],
      total_excluding_tax: amount - tax,
      total_pretax_credit_amounts: [],
      total_taxes: taxes,
      webhooks_delivered_at: periodStart,
    };
    this.store.invoices.set(id, invoice);
    return invoice;
  }

  /** invoice.created and invoice.finalized, then the payment's outcome, in Stripe's order. */
  private readonly outcomes = new Map<string, Array<'paid' | 'failed'>>();

  private announceInvoice(invoice: Invoice, at: number): void {
    const snapshot = structuredClone(invoice);
    // Stripe announces the invoice as it was when created and finalized, then what happened to it.
    const created = {
      ...snapshot,
      status: 'draft' as const,
      amount_paid: 0,
      amount_remaining: snapshot.amount_due,
      attempted: false,
      attempt_count: 0,
      status_transitions: { ...snapshot.status_transitions, paid_at: null },
    };
    this.events.emit('invoice.created', created, at);
    this.events.emit('invoice.finalized', { ...created, status: 'open' }, at);
    for (const outcome of this.outcomes.get(invoice.id) ?? []) this.emitOutcome(invoice, outcome, at);
    this.outcomes.delete(invoice.id);
  }

  private emitOutcome(invoice: Invoice, outcome: 'paid' | 'failed', at: number): void {
    if (outcome === 'paid') {
      this.events.emit('invoice.paid', invoice, at);
      this.events.emit('invoice.payment_succeeded', invoice, at);
    } else {
      this.events.emit('invoice.payment_failed', invoice, at);
    }
  }

  private markPaid(invoice: Invoice, at: number, announceNow: boolean): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = at;
    invoice.next_payment_attempt = null;
    if (announceNow) this.emitOutcome(invoice, 'paid', at);
    else this.outcomes.set(invoice.id, [...(this.outcomes.get(invoice.id) ?? []), 'paid']);
  }

  /** Charges the subscription's card for the invoice. Returns whether it was paid. */
  private attemptPayment(invoice: Invoice, sub: Subscription, at: number, announceNow = false): boolean {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    const customer = this.store.customers.get(sub.customer)!;
    const pm = sub.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const behaviour = pm ? this.store.cardBehaviour.get(pm) : undefined;
    if (behaviour === 'succeeds') {
      this.markPaid(invoice, at, announceNow);
      return true;
    }
    const retry = RETRY_DAYS[invoice.attempt_count - 1];
    const firstFailure = invoice.status_transitions.finalized_at ?? at;
    invoice.next_payment_attempt = retry === undefined ? null : firstFailure + retry * DAY;
    if (announceNow) this.emitOutcome(invoice, 'failed', at);
    else this.outcomes.set(invoice.id, [...(this.outcomes.get(invoice.id) ?? []), 'failed']);
    return false;
  }

  /** The portal's "Update card": a declined card changes nothing; a good one also pays what is overdue, as Stripe does. */
  updateCard(customer: Customer, cardNumber: string): { ok: true } | { ok: false; message: string } {
    const check = checkCard(cardNumber);
    if (!check.ok) return { ok: false, message: check.message };
    this.attachCard(customer, check.brand, check.last4, check.behaviour);
    const now = this.now(customer.test_clock);
    for (const sub of this.subscriptionsOf(customer.id)) {
      if (sub.status !== 'past_due' || !sub.latest_invoice) continue;
      const invoice = this.store.invoices.get(sub.latest_invoice);
      if (invoice?.status !== 'open') continue;
      const before = structuredClone(sub);
      if (this.attemptPayment(invoice, sub, now, true)) sub.status = 'active';
      else this.events.emit('invoice.updated', invoice, now);
      this.emitUpdated(sub, before, now, AUTOMATIC);
    }
    return { ok: true };
  }

  // ─── Test clocks ─────────────────────────────────────────────────────────────────────────

  /** Moves the clock to `to`, doing in order everything Stripe would have done on the way. */
  advance(clock: TestClock, to: number): void {
    for (;;) {
      const next = this.nextDue(clock.id, to);
      if (!next) break;
      clock.frozen_time = Math.max(clock.frozen_time, next.at);
      next.run();
    }
    clock.frozen_time = to;
  }

  /** Does what fell due up to `now` for subscriptions on no test clock (the wall clock); the server calls it every few seconds. */
  runWallClock(now = unixNow()): void {
    for (;;) {
      const next = this.nextDue(null, now);
      if (!next) break;
      next.run();
    }
  }

  private nextDue(clockId: string | null, to: number): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    const consider = (at: number, run: () => void) => {
      if (at <= to && (!best || at < best.at)) best = { at, run };
    };
    for (const sub of this.store.subscriptions.values()) {
      if (sub.test_clock !== clockId || sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
      const item = this.item(sub);
      if (
        sub.status === 'trialing' &&
        sub.trial_end !== null &&
        !this.store.trialWillEndSent.has(sub.id) &&
        sub.trial_end - TRIAL_WILL_END_BEFORE > (sub.trial_start ?? 0)
      ) {
        consider(sub.trial_end - TRIAL_WILL_END_BEFORE, () => {
          this.store.trialWillEndSent.add(sub.id);
          this.events.emit('customer.subscription.trial_will_end', sub, sub.trial_end! - TRIAL_WILL_END_BEFORE);
        });
      }
      if (sub.cancel_at !== null)
        consider(sub.cancel_at, () => this.endSubscription(sub, sub.cancel_at!, AUTOMATIC, 'cancellation_requested'));
      if (sub.cancel_at === null || sub.cancel_at > item.current_period_end)
        consider(item.current_period_end, () => this.renew(sub));
      for (const invoice of this.store.invoices.values()) {
        if (
          invoice.parent.subscription_details.subscription === sub.id &&
          invoice.status === 'open' &&
          invoice.next_payment_attempt !== null
        ) {
          consider(invoice.next_payment_attempt, () => this.retry(invoice, sub));
        }
      }
    }
    return best;
  }

  /** A period ends: the trial turns into the first paid period, or the plan renews. */
  private renew(sub: Subscription): void {
    const item = this.item(sub);
    const at = item.current_period_end;
    const before = structuredClone(sub);
    const price = this.priceOf(sub);
    const start = at;
    const end = this.nextPeriodEnd(sub.billing_cycle_anchor, start, price);
    item.current_period_start = start;
    item.current_period_end = end;
    const invoice = this.createInvoice(sub, 'subscription_cycle', start, end, price.unit_amount * item.quantity, false);
    sub.latest_invoice = invoice.id;
    const paid = this.attemptPayment(invoice, sub, at);
    sub.status = paid ? 'active' : 'past_due';
    this.announceInvoice(invoice, at);
    this.emitUpdated(sub, before, at, AUTOMATIC);
  }

  private nextPeriodEnd(anchor: number, start: number, price: Price): number {
    const { interval, interval_count: count } = price.recurring!;
    for (let k = 1; ; k++) {
      const end = addIntervals(anchor, interval, k * count);
      if (end > start) return end;
    }
  }

  private retry(invoice: Invoice, sub: Subscription): void {
    const at = invoice.next_payment_attempt!;
    const before = structuredClone(sub);
    const paid = this.attemptPayment(invoice, sub, at, true);
    if (paid) {
      if (sub.latest_invoice === invoice.id) sub.status = 'active';
      this.emitUpdated(sub, before, at, AUTOMATIC);
      return;
    }
    this.events.emit('invoice.updated', invoice, at);
    if (invoice.next_payment_attempt === null) this.endSubscription(sub, at, AUTOMATIC, 'payment_failed');
  }
}

function planOf(price: Price): Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
