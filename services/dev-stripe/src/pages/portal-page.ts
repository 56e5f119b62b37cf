import type { Customer, Invoice, PaymentMethod, PortalSession, Price, Subscription } from '../domain/objects.js';
import { taxLabel } from './invoice-page.js';
import { day, esc, money, page } from './html.js';

export interface PortalView {
  session: PortalSession;
  customer: Customer;
  subscription: Subscription | null;
  price: Price | null;
  productName: string | null;
  card: PaymentMethod | null;
  invoices: Invoice[];
  /** Other recurring prices the customer may switch to. */
  alternatives: Array<{ price: Price; productName: string }>;
  notice?: { kind: 'ok' | 'error'; text: string };
}

const STATUS_TEXT: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  unpaid: 'Unpaid',
};

function per(price: Price): string {
  return price.recurring!.interval === 'year'
    ? 'per year'
    : price.recurring!.interval === 'month'
      ? 'per month'
      : `per ${price.recurring!.interval}`;
}

function planSection(view: PortalView): string {
  const { subscription: sub, price } = view;
  if (!sub || !price) return `<h2>Current plan</h2><p class="muted">No subscription.</p>`;
  const item = sub.items.data[0]!;
  const action = `/p/session/${esc(view.session.id)}`;
  const when =
    sub.status === 'canceled'
      ? `<dt>Ended</dt><dd>${esc(day(sub.ended_at ?? item.current_period_end))}</dd>`
      : sub.cancel_at
        ? `<dt>Cancels on</dt><dd>${esc(day(sub.cancel_at))}</dd>`
        : sub.status === 'trialing'
          ? `<dt>First payment</dt><dd>${esc(day(item.current_period_end))}</dd>`
          : `<dt>Renews on</dt><dd>${esc(day(item.current_period_end))}</dd>`;
  const buttons =
    sub.status === 'canceled'
      ? ''
      : sub.cancel_at
        ? `<form method="post" action="${action}/resume"><button type="submit">Renew plan</button></form>`
        : `<form method="post" action="${action}/cancel"><button class="danger" type="submit">Cancel plan</button></form>`;
  const switching =
    sub.status === 'canceled' || view.alternatives.length === 0
      ? ''
      : `<form class="card" method="post" action="${action}/switch">
  <fieldset><legend>Switch plan</legend>
  ${view.alternatives
    .map(
      (a, i) =>
        `<div class="choice"><input type="radio" id="price-${i}" name="price" value="${esc(a.price.id)}" ${i === 0 ? 'checked' : ''}><label style="margin:0;font-weight:400" for="price-${i}">${esc(a.productName)}: ${esc(money(a.price.unit_amount, a.price.currency))} ${esc(per(a.price))}</label></div>`,
    )
    .join('\n  ')}
  </fieldset>
  <button class="secondary wide" type="submit">Switch plan</button>
</form>`;
  return `<h2>Current plan</h2>
<div class="card">
  <p style="margin:0 0 .75rem"><strong>${esc(view.productName ?? '')}</strong>: ${esc(money(price.unit_amount * item.quantity, price.currency))} ${esc(per(price))}</p>
  <dl><dt>Status</dt><dd>${esc(sub.cancel_at && sub.status !== 'canceled' ? 'Canceling' : (STATUS_TEXT[sub.status] ?? sub.status))}</dd>${when}</dl>
  <div class="row" style="margin-top:1rem">${buttons}</div>
</div>
${switching}`;
}

/** One invoice: date and link to its page, total with its VAT line, status. */
function invoiceRow(i: Invoice): string {
  const status = i.status === 'open' && i.attempted ? 'Payment failed' : i.status === 'paid' ? 'Paid' : i.status;
  const taxes = i.total_taxes
    .map((t) => `<br><span class="muted">${esc(taxLabel(t))}: ${esc(money(t.amount, i.currency))}</span>`)
    .join('');
  return `<tr><td><a href="/i/${esc(i.id)}">${esc(day(i.created))}</a></td><td>${esc(money(i.total, i.currency))}${taxes}</td><td>${esc(status)}</td></tr>`;
}

/** The customer portal: plan, card, invoices, switch, cancel at period end or renew, and the way back. */
export function portalPage(view: PortalView): string {
  const action = `/p/session/${esc(view.session.id)}`;
  const notice = view.notice
    ? `<p class="${view.notice.kind}" role="${view.notice.kind === 'error' ? 'alert' : 'status'}">${esc(view.notice.text)}</p>`
    : '';
  const invoices = view.invoices.length
    ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>
${view.invoices.map(invoiceRow).join('\n')}
</tbody></table>`
    : `<p class="muted">No invoices yet.</p>`;
  return page(
    'Billing',
    `<h1>Billing</h1>
<p class="muted">${esc(view.customer.email ?? view.customer.id)}</p>
${notice}
${planSection(view)}
<h2>Payment method</h2>
<form class="card" method="post" action="${action}/card" novalidate>
  <p style="margin:0">${view.card ? `${esc(view.card.card.brand.toUpperCase())} •••• ${esc(view.card.card.last4)}` : 'No card on file.'}</p>
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
  <button class="secondary wide" type="submit">Update card</button>
</form>
<h2>Invoices</h2>
<div class="card">${invoices}</div>
${view.session.return_url ? `<a class="back" href="${esc(view.session.return_url)}"><span aria-hidden="true">←</span> Return to Ferry</a>` : ''}`,
  );
}
