import type { CheckoutSession, Price } from '../domain/objects.js';
import { day, esc, money, page } from './html.js';

export interface CheckoutView {
  session: CheckoutSession;
  price: Price;
  productName: string;
  quantity: number;
  trialEnd: number | null;
  email: string | null;
  error?: string;
  cardNumber?: string;
}

function interval(price: Price): string {
  const r = price.recurring!;
  return r.interval_count === 1 ? `per ${r.interval}` : `every ${r.interval_count} ${r.interval}s`;
}

/** Stripe Checkout, reduced to what Ferry's subscription needs: the plan, a card number, Pay. */
export function checkoutPage(view: CheckoutView): string {
  const { session, price } = view;
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
${due}
<form class="card" method="post" action="/c/pay/${esc(session.id)}" novalidate>
  ${view.email ? `<p class="muted">Paying as <strong>${esc(view.email)}</strong></p>` : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>`}
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${esc(view.cardNumber ?? '')}" required ${view.error ? 'aria-invalid="true" aria-describedby="card-error"' : ''}>
  ${view.error ? `<p class="error" id="card-error" role="alert">${esc(view.error)}</p>` : ''}
  <button class="wide" type="submit">Pay</button>
</form>
${session.cancel_url ? `<a class="back" href="${esc(session.cancel_url)}"><span aria-hidden="true">←</span> Back</a>` : ''}`,
  );
}
