import type { CheckoutSession, Price } from '../domain/objects.js';
import { EU_STANDARD_RATES } from '../domain/vat.js';
import { day, esc, money, page } from './html.js';

/** The billing countries the page offers: the EU, then a few others (collected without VAT). */
const COUNTRIES = [...Object.keys(EU_STANDARD_RATES), 'CH', 'GB', 'NO', 'US'];
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

/** What the customer typed, shown again after an error. */
export type CheckoutForm = Partial<
  Record<'name' | 'country' | 'line1' | 'postal_code' | 'city' | 'vat_number' | 'card_number', string>
>;

export interface CheckoutView {
  session: CheckoutSession;
  price: Price;
  productName: string;
  quantity: number;
  trialEnd: number | null;
  email: string | null;
  /** Billing address fields (`billing_address_collection: required`, or Stripe Tax needing a location). */
  collectAddress: boolean;
  /** An optional VAT number field (`tax_id_collection`). */
  collectTaxId: boolean;
  error?: string;
  form?: CheckoutForm;
}

function field(id: keyof CheckoutForm, label: string, form: CheckoutForm, attrs: string): string {
  return `<label for="${id}">${esc(label)}</label>
  <input id="${id}" name="${id}" type="text" value="${esc(form[id] ?? '')}" ${attrs}>`;
}

function addressFields(view: CheckoutView, form: CheckoutForm): string {
  if (!view.collectAddress) return '';
  const options = COUNTRIES.map(
    (c) => `<option value="${c}"${form.country === c ? ' selected' : ''}>${esc(countryName.of(c) ?? c)}</option>`,
  ).join('');
  return `<fieldset>
  <legend>Billing address</legend>
  ${field('name', 'Full name', form, 'autocomplete="name" required')}
  <label for="country">Country or region</label>
  <select id="country" name="country" autocomplete="country" required><option value="">Choose…</option>${options}</select>
  ${field('line1', 'Address', form, 'autocomplete="address-line1" required')}
  ${field('postal_code', 'Postal code', form, 'autocomplete="postal-code" required')}
  ${field('city', 'City', form, 'autocomplete="address-level2" required')}
  </fieldset>`;
}

function taxIdField(view: CheckoutView, form: CheckoutForm): string {
  if (!view.collectTaxId) return '';
  return `${field('vat_number', 'VAT number (optional, for businesses)', form, 'autocomplete="off" placeholder="DE123456789"')}`;
}

function interval(price: Price): string {
  const r = price.recurring!;
  return r.interval_count === 1 ? `per ${r.interval}` : `every ${r.interval_count} ${r.interval}s`;
}

/** Stripe Checkout, reduced to what Ferry's subscription needs: the plan, a card number, Pay. */
export function checkoutPage(view: CheckoutView): string {
  const { session, price } = view;
  const form = view.form ?? {};
  const amount = money(price.unit_amount * view.quantity, price.currency);
  if (session.status !== 'open') {
    return page(
      'Checkout',
      `<h1>This checkout has ${session.status === 'complete' ? 'been completed' : 'expired'}</h1>
${session.cancel_url ? `<a class="back" href="${esc(session.cancel_url)}"><span aria-hidden="true">←</span> Back</a>` : ''}`,
    );
  }
  const due = view.trialEnd
    ? `<p class="muted">Nothing to pay today. Then ${esc(amount)} ${esc(interval(price))}, starting ${esc(day(view.trialEnd))}.</p>`
    : `<p class="muted">${esc(interval(price))}</p>`;
  return page(
    `Subscribe to ${view.productName}`,
    `<h1>Subscribe to ${esc(view.productName)}</h1>
<p class="amount">${esc(amount)}</p>
${price.tax_behavior === 'inclusive' ? '<p class="muted">Price includes VAT where it applies.</p>' : ''}
${due}
<form class="card" method="post" action="/c/pay/${esc(session.id)}" novalidate>
  ${view.email ? `<p class="muted">Paying as <strong>${esc(view.email)}</strong></p>` : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>`}
  ${addressFields(view, form)}
  ${taxIdField(view, form)}
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${esc(form.card_number ?? '')}" required ${view.error ? 'aria-invalid="true" aria-describedby="card-error"' : ''}>
  ${view.error ? `<p class="error" id="card-error" role="alert">${esc(view.error)}</p>` : ''}
  <button class="wide" type="submit">Pay</button>
</form>
${session.cancel_url ? `<a class="back" href="${esc(session.cancel_url)}"><span aria-hidden="true">←</span> Back</a>` : ''}`,
  );
}
