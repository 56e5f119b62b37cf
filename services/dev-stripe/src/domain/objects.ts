/**
 * The Stripe objects the stand-in keeps, in the shapes of the API version the `stripe` SDK pins
 * (billing periods on subscription items, an invoice's subscription under `parent`).
 */
import type { Interval } from './time.js';

export type Metadata = Record<string, string>;

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: Array<{ name: string }>;
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: string | null;
  tax_code: null;
  type: 'service';
  unit_label: string | null;
  updated: number;
  url: null;
}

export interface Recurring {
  interval: Interval;
  interval_count: number;
  meter: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified' | 'inclusive' | 'exclusive';
  tiers_mode: null;
  transform_quantity: null;
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

/** A customer's tax ID (a VAT number given in Checkout). */
export interface TaxId {
  id: string;
  object: 'tax_id';
  country: string | null;
  created: number;
  customer: string;
  livemode: false;
  type: 'eu_vat';
  value: string;
  verification: {
    status: 'pending' | 'verified' | 'unverified' | 'unavailable';
    verified_address: null;
    verified_name: null;
  };
}

/** One tax on an invoice or invoice line (Stripe's `total_taxes` / `taxes` entries). */
export interface InvoiceTax {
  amount: number;
  tax_behavior: 'inclusive' | 'exclusive';
  tax_rate_details: { tax_rate: string } | null;
  taxability_reason: 'standard_rated' | 'reverse_charge' | 'not_collecting';
  taxable_amount: number | null;
  type: 'tax_rate_details';
}

export interface Customer {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: string | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  card: { brand: string; country: 'US'; exp_month: number; exp_year: number; funding: 'credit'; last4: string };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: Plan;
  price: Price | string;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

/** The legacy twin of a recurring price, still present on subscription items. */
export interface Plan {
  id: string;
  object: 'plan';
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  interval: Interval;
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: string | null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: boolean; liability: { type: 'self' } | null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { type: 'flexible' | 'classic' };
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: {
    comment: string | null;
    feedback: string | null;
    reason: 'cancellation_requested' | 'payment_failed' | null;
  };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  default_tax_rates: [];
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: ListObject<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  transfer_data: null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } };
  trial_start: number | null;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

export interface InvoiceLineItem {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: [];
  discountable: boolean;
  discounts: [];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { end: number; start: number };
  pretax_credit_amounts: [];
  pricing: { price_details: { price: string; product: string }; type: 'price_details'; unit_amount_decimal: string };
  quantity: number;
  taxes: InvoiceTax[];
}

export interface Invoice {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  account_tax_ids: null;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  application: null;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: {
    disabled_reason: null;
    enabled: boolean;
    liability: { type: 'self' } | null;
    provider: 'stripe' | null;
    status: 'complete' | null;
  };
  automatically_finalizes_at: number | null;
  billing_reason: BillingReason;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  custom_fields: null;
  customer: string;
  customer_address: Address | null;
  customer_email: string | null;
  customer_name: string | null;
  customer_phone: null;
  customer_shipping: null;
  customer_tax_exempt: 'none';
  customer_tax_ids: Array<{ type: 'eu_vat'; value: string }>;
  default_payment_method: null;
  default_source: null;
  default_tax_rates: [];
  description: null;
  discounts: [];
  due_date: null;
  effective_at: number | null;
  ending_balance: number | null;
  footer: null;
  from_invoice: null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  issuer: { type: 'self' };
  last_finalization_error: null;
  latest_revision: null;
  lines: ListObject<InvoiceLineItem>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  on_behalf_of: null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: null };
  period_end: number;
  period_start: number;
  post_payment_credit_notes_amount: number;
  pre_payment_credit_notes_amount: number;
  receipt_number: null;
  rendering: null;
  shipping_cost: null;
  shipping_details: null;
  starting_balance: number;
  statement_descriptor: null;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: string | null;
  total: number;
  total_discount_amounts: [];
  total_excluding_tax: number;
  total_pretax_credit_amounts: [];
  total_taxes: InvoiceTax[];
  webhooks_delivered_at: number | null;
}

export interface CheckoutLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  adaptive_pricing: null;
  after_expiration: null;
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: {
    enabled: boolean;
    liability: { type: 'self' } | null;
    provider: 'stripe' | null;
    status: 'requires_location_inputs' | 'complete' | null;
  };
  billing_address_collection: 'auto' | 'required' | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  collected_information: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  custom_fields: [];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_creation: 'always' | null;
  customer_details: {
    address: Address | null;
    email: string | null;
    name: string | null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: Array<{ type: 'eu_vat'; value: string }>;
  } | null;
  customer_email: string | null;
  discounts: [];
  expires_at: number;
  invoice: string | null;
  invoice_creation: null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription';
  payment_intent: null;
  payment_link: null;
  payment_method_collection: 'always';
  payment_method_configuration_details: null;
  payment_method_options: Record<string, never>;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  phone_number_collection: { enabled: false };
  recovered_from: null;
  saved_payment_method_options: null;
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: [];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  tax_id_collection: { enabled: boolean; required: 'never' };
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing' | 'internal_failure';
  status_details: Record<string, never>;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  context?: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The Stripe API version this stand-in answers in: the one `stripe` 23.1.0 pins. */
export const API_VERSION = '2026-10-28.endive';
