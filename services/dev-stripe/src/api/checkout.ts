import type { CheckoutLineItem, CheckoutSession } from '../domain/objects.js';
import { DAY } from '../domain/time.js';
import { errors, StripeError } from '../http/errors.js';
import { mergeMetadata } from '../http/form.js';
import { paginate, render } from '../http/render.js';
import { newId } from '../store/ids.js';
import { findCustomer } from './customers.js';
import type { ApiContext, ApiRoute } from './context.js';

/** Stripe refuses a Checkout trial that ends less than 48 hours from now. */
export const MIN_TRIAL_SECONDS = 2 * DAY;

function validUrl(value: string, param: string): string {
  try {
    const url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw errors.invalid(param, 'Not a valid URL');
  }
  return value;
}

function create(ctx: ApiContext): CheckoutSession {
  const p = ctx.params;
  const mode = p.string('mode');
  if (!mode) throw errors.missing('mode');
  if (mode !== 'subscription')
    throw errors.invalid('mode', `This stand-in supports mode=subscription only (got ${mode}).`);
  const items = p.list('line_items');
  if (items.length === 0) throw errors.missing('line_items');
  if (items.length > 1)
    throw errors.invalid('line_items', 'This stand-in supports one line item per Checkout Session.');
  const line = items[0]!;
  const priceId = line.string('price');
  if (!priceId) throw errors.missing('line_items[0][price]');
  const price = ctx.store.prices.get(priceId);
  if (!price) throw errors.noSuch('price', priceId, 'line_items[0][price]');
  if (!price.active)
    throw errors.state(
      `The price specified is inactive. This field only accepts active prices.`,
      'line_items[0][price]',
    );
  if (price.type !== 'recurring')
    throw errors.state(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items[0][price]',
    );
  const quantity = line.int('quantity') ?? 1;
  if (quantity < 1) throw errors.invalid('line_items[0][quantity]', 'This value must be greater than or equal to 1.');
  const successUrl = p.string('success_url');
  if (!successUrl) throw errors.missing('success_url');
  validUrl(successUrl, 'success_url');
  const cancelUrl = p.string('cancel_url') || null;
  if (cancelUrl) validUrl(cancelUrl, 'cancel_url');
  const customerId = p.string('customer') || null;
  const customerEmail = p.string('customer_email') || null;
  if (customerId && customerEmail)
    throw errors.state('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  const customer = customerId ? findCustomer(ctx, customerId, 'customer') : null;
  const now = ctx.billing.now(customer?.test_clock);
  const subscriptionData = p.object('subscription_data');
  let trialEnd = subscriptionData?.int('trial_end') ?? null;
  const trialDays = subscriptionData?.int('trial_period_days');
  if (trialEnd !== null && trialDays !== undefined)
    throw errors.state(
      'You may only specify one of these parameters: trial_end, trial_period_days.',
      'subscription_data[trial_end]',
    );
  if (trialDays !== undefined) trialEnd = now + trialDays * DAY;
  if (trialEnd !== null && trialEnd - now < MIN_TRIAL_SECONDS) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The `trial_end` date has to be at least 2 days in the future.',
      'parameter_invalid_integer',
      'subscription_data[trial_end]',
    );
  }
  if (trialEnd !== null && trialEnd - now > 730 * DAY) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The `trial_end` date can be at most 730 days in the future.',
      'parameter_invalid_integer',
      'subscription_data[trial_end]',
    );
  }
  if (p.has('invoice_creation'))
    throw errors.invalid(
      'invoice_creation',
      'You can only enable invoice creation when `mode` is set to `payment`. Invoices are created automatically in `subscription` mode.',
    );
  const automaticTax = p.object('automatic_tax')?.bool('enabled') ?? false;
  if (p.has('automatic_tax') && p.object('automatic_tax')?.has('enabled') !== true)
    throw errors.missing('automatic_tax[enabled]');
  const taxIdCollection = p.object('tax_id_collection')?.bool('enabled') ?? false;
  if (p.has('tax_id_collection') && p.object('tax_id_collection')?.has('enabled') !== true)
    throw errors.missing('tax_id_collection[enabled]');
  const update = p.object('customer_update');
  if (update && !customer) throw errors.state('`customer_update` can only be used with `customer`.', 'customer_update');
  const customerUpdate = {
    address: update?.oneOf('address', ['auto', 'never'] as const) === 'auto',
    name: update?.oneOf('name', ['auto', 'never'] as const) === 'auto',
  };
  if (update?.has('shipping'))
    throw errors.invalid(
      'customer_update[shipping]',
      'This stand-in collects no shipping address; customer_update[shipping] is not supported.',
    );
  if (automaticTax && customer && !customer.address && !customerUpdate.address)
    throw errors.state(
      "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
      'automatic_tax[enabled]',
    );
  if (taxIdCollection && customer && !customerUpdate.name)
    throw errors.state(
      "tax_id_collection requires updating business name on the customer. To enable tax ID collection for an existing customer, please set `customer_update[name]` to 'auto'.",
      'tax_id_collection[enabled]',
    );
  const billingAddressCollection = p.oneOf('billing_address_collection', ['auto', 'required'] as const) ?? null;
  const expiresAt = p.int('expires_at') ?? now + DAY;
  if (expiresAt < now + 30 * 60 || expiresAt > now + DAY)
    throw errors.invalid(
      'expires_at',
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
    );
  const id = newId('cs_test', 58);
  const amount = price.unit_amount * quantity;
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: p.bool('allow_promotion_codes') ?? null,
    amount_subtotal: trialEnd ? 0 : amount,
    amount_total: trialEnd ? 0 : amount,
    automatic_tax: automaticTax
      ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' }
      : { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: billingAddressCollection,
    cancel_url: cancelUrl,
    client_reference_id: p.string('client_reference_id') || null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: price.currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_creation: null,
    customer_details: customer
      ? {
          address: customer.address,
          email: customer.email,
          name: customer.name,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: customerEmail,
    discounts: [],
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: p.string('locale') || null,
    metadata: mergeMetadata({}, p.metadata()),
    mode: 'subscription',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: p.strings('payment_method_types').length ? p.strings('payment_method_types') : ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    tax_id_collection: { enabled: taxIdCollection, required: 'never' },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${ctx.publicUrl}/c/pay/${id}`,
  };
  ctx.store.checkoutSessions.set(id, session);
  ctx.store.sessionInternals.set(id, {
    priceId: price.id,
    quantity,
    trialEnd,
    subscriptionMetadata: mergeMetadata({}, subscriptionData?.metadata()),
    automaticTax,
    taxIdCollection,
    customerUpdate,
  });
  return session;
}

export function findSession(ctx: Pick<ApiContext, 'store'>, id: string): CheckoutSession {
  const found = ctx.store.checkoutSessions.get(id);
  if (!found) throw errors.noSuch('checkout.session', id, 'session');
  return found;
}

/** `line_items` is not part of the object unless asked for with `expand[]=line_items`. */
function lineItems(ctx: ApiContext, session: CheckoutSession): CheckoutLineItem[] {
  const data = ctx.billing.sessionInternals(session);
  const price = ctx.store.prices.get(data.priceId)!;
  const amount = price.unit_amount * data.quantity;
  return [
    {
      id: `li_${session.id.slice(8, 32)}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: ctx.store.products.get(price.product)?.name ?? '',
      price,
      quantity: data.quantity,
    },
  ];
}

function show(ctx: ApiContext, session: CheckoutSession): object {
  const expand = ctx.expand.filter((e) => e !== 'line_items');
  const out = render(session, ctx.store, expand) as CheckoutSession & { line_items?: object };
  if (ctx.expand.includes('line_items')) {
    out.line_items = {
      object: 'list',
      data: lineItems(ctx, session),
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    };
  }
  return out;
}

function expire(ctx: ApiContext): CheckoutSession {
  const session = findSession(ctx, ctx.path.id!);
  if (session.status !== 'open')
    throw errors.state(`Only Checkout Sessions with a status in ["open"] can be expired.`, 'session');
  ctx.billing.expireCheckout(session, ctx.request);
  return session;
}

function list(ctx: ApiContext): object {
  const p = ctx.params;
  const customer = p.string('customer');
  const subscription = p.string('subscription');
  const status = p.string('status');
  const all = [...ctx.store.checkoutSessions.values()].filter(
    (s) =>
      (!customer || s.customer === customer) &&
      (!subscription || s.subscription === subscription) &&
      (!status || s.status === status),
  );
  return paginate(all, p, '/v1/checkout/sessions', ctx.store, ctx.expand);
}

export const checkoutRoutes: ApiRoute[] = [
  { method: 'POST', path: '/v1/checkout/sessions', handler: (ctx) => show(ctx, create(ctx)) },
  { method: 'GET', path: '/v1/checkout/sessions', handler: list },
  { method: 'GET', path: '/v1/checkout/sessions/:id', handler: (ctx) => show(ctx, findSession(ctx, ctx.path.id!)) },
  { method: 'POST', path: '/v1/checkout/sessions/:id/expire', handler: (ctx) => show(ctx, expire(ctx)) },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handler: (ctx) => {
      const session = findSession(ctx, ctx.path.id!);
      return {
        object: 'list',
        data: lineItems(ctx, session),
        has_more: false,
        url: `/v1/checkout/sessions/${session.id}/line_items`,
      };
    },
  },
];
