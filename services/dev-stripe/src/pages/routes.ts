import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Billing } from '../engine/billing.js';
import { AUTOMATIC } from '../engine/events.js';
import { decodeForm } from '../http/form.js';
import { StripeError } from '../http/errors.js';
import type { Store } from '../store/store.js';
import { euVatCountry } from '../domain/vat.js';
import type { Address } from '../domain/objects.js';
import { type CheckoutForm, checkoutPage } from './checkout-page.js';
import { page } from './html.js';
import { invoicePage } from './invoice-page.js';
import { invoicePdf } from './invoice-pdf.js';
import { portalPage, type PortalView } from './portal-page.js';

export interface PageDeps {
  store: Store;
  billing: Billing;
}

const CHECKOUT = /^\/c\/pay\/([^/]+)$/;
const INVOICE = /^\/i\/([^/]+)(\/pdf)?$/;
const PORTAL = /^\/p\/session\/([^/]+)(?:\/(cancel|resume|switch|card))?$/;

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

function notFound(res: ServerResponse): void {
  send(res, 404, page('Not found', `<h1>This page does not exist</h1><p class="muted">The link may have expired.</p>`));
}

/** The hosted Checkout and portal pages; answers false when the path is not one of theirs. */
export async function handlePage(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: () => Promise<string>,
  deps: PageDeps,
): Promise<boolean> {
  const checkout = CHECKOUT.exec(path);
  if (checkout) {
    await checkoutRoute(req, res, checkout[1]!, body, deps);
    return true;
  }
  const invoice = INVOICE.exec(path);
  if (invoice) {
    const found = deps.store.invoices.get(invoice[1]!);
    if (!found) notFound(res);
    else if (invoice[2]) {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="invoice-${found.number ?? found.id}.pdf"`,
        'cache-control': 'no-store',
      });
      res.end(invoicePdf(found));
    } else send(res, 200, invoicePage(found));
    return true;
  }
  const portal = PORTAL.exec(path);
  if (portal) {
    await portalRoute(req, res, portal[1]!, portal[2], body, deps);
    return true;
  }
  return false;
}

async function checkoutRoute(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  body: () => Promise<string>,
  { store, billing }: PageDeps,
): Promise<void> {
  const session = store.checkoutSessions.get(id);
  if (!session) return notFound(res);
  const data = billing.sessionInternals(session);
  const price = store.prices.get(data.priceId)!;
  const view = {
    session,
    price,
    productName: store.products.get(price.product)?.name ?? 'Subscription',
    quantity: data.quantity,
    trialEnd: data.trialEnd,
    email: session.customer ? (store.customers.get(session.customer)?.email ?? null) : session.customer_email,
    collectAddress: session.billing_address_collection === 'required' || session.automatic_tax.enabled,
    collectTaxId: session.tax_id_collection.enabled,
  };
  // Paid already (a second click on Pay, the back button): on to the success page, as Checkout does.
  if (session.status === 'complete' && session.success_url)
    return redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
  if (req.method === 'GET') return send(res, 200, checkoutPage(view));
  if (req.method !== 'POST') return send(res, 405, page('Not allowed', '<h1>Not allowed</h1>'));
  const raw = decodeForm(await body());
  const form: CheckoutForm = {};
  for (const key of ['name', 'country', 'line1', 'postal_code', 'city', 'vat_number', 'card_number'] as const)
    if (typeof raw[key] === 'string') form[key] = raw[key].trim();
  const again = (status: number, error: string) => send(res, status, checkoutPage({ ...view, form, error }));
  const email = typeof raw.email === 'string' && raw.email.includes('@') ? raw.email : view.email;
  if (!email) return again(400, 'Your email is incomplete.');
  let address: Address | null = null;
  if (view.collectAddress) {
    if (!form.name || !form.country || !form.line1 || !form.postal_code || !form.city)
      return again(400, 'Your billing address is incomplete.');
    address = {
      city: form.city,
      country: form.country.toUpperCase(),
      line1: form.line1,
      line2: null,
      postal_code: form.postal_code,
      state: null,
    };
  }
  const vatNumber = view.collectTaxId && form.vat_number ? form.vat_number.replace(/[\s.-]/g, '').toUpperCase() : null;
  if (vatNumber && !euVatCountry(vatNumber)) return again(400, 'Your VAT number is invalid.');
  if (!form.card_number) return again(400, 'Your card number is incomplete.');
  const result = billing.payCheckout(session, form.card_number, {
    email,
    name: form.name || null,
    address,
    vatNumber,
  });
  if (!result.ok) return again(402, result.message);
  redirect(res, result.redirect);
}

async function portalRoute(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  action: string | undefined,
  body: () => Promise<string>,
  { store, billing }: PageDeps,
): Promise<void> {
  const session = store.portalSessions.get(id);
  if (!session) return notFound(res);
  const customer = store.customers.get(session.customer);
  if (!customer) return notFound(res);
  const subs = billing.subscriptionsOf(customer.id).sort((a, b) => b.created - a.created);
  const sub = subs.find((s) => s.status !== 'canceled') ?? subs[0] ?? null;
  let notice: PortalView['notice'];
  if (req.method === 'POST') {
    const form = decodeForm(await body());
    try {
      if (!sub && action !== 'card')
        throw new StripeError(400, 'invalid_request_error', 'There is no subscription to change.');
      if (action === 'cancel') {
        billing.setCancelAtPeriodEnd(sub!, true, AUTOMATIC);
        notice = { kind: 'ok', text: 'Your plan will be canceled at the end of the period.' };
      } else if (action === 'resume') {
        billing.setCancelAtPeriodEnd(sub!, false, AUTOMATIC);
        notice = { kind: 'ok', text: 'Your plan has been renewed.' };
      } else if (action === 'switch') {
        const price = typeof form.price === 'string' ? store.prices.get(form.price) : undefined;
        if (price?.type !== 'recurring' || !price.active)
          throw new StripeError(400, 'invalid_request_error', 'Choose a plan.');
        billing.switchPrice(sub!, price, undefined, 'create_prorations', AUTOMATIC);
        notice = { kind: 'ok', text: 'Your plan has been switched.' };
      } else if (action === 'card') {
        const result = billing.updateCard(customer, typeof form.card_number === 'string' ? form.card_number : '');
        notice = result.ok
          ? { kind: 'ok', text: 'Your card has been updated.' }
          : { kind: 'error', text: result.message };
      } else {
        return send(res, 405, page('Not allowed', '<h1>Not allowed</h1>'));
      }
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      notice = { kind: 'error', text: err.message };
    }
  } else if (action) {
    return redirect(res, `/p/session/${encodeURIComponent(id)}`);
  }
  const price = sub ? billing.priceOf(sub) : null;
  const pmId = customer.invoice_settings.default_payment_method;
  const view: PortalView = {
    session,
    customer,
    subscription: sub,
    price,
    productName: price ? (store.products.get(price.product)?.name ?? null) : null,
    card: pmId ? (store.paymentMethods.get(pmId) ?? null) : null,
    invoices: [...store.invoices.values()]
      .filter((i) => i.customer === customer.id)
      .sort((a, b) => b.created - a.created),
    alternatives: [...store.prices.values()]
      .filter(
        (p) =>
          p.active &&
          p.type === 'recurring' &&
          price &&
          p.id !== price.id &&
          p.currency === price.currency &&
          p.lookup_key !== null,
      )
      .map((p) => ({ price: p, productName: store.products.get(p.product)?.name ?? '' })),
    notice,
  };
  send(res, notice?.kind === 'error' ? 400 : 200, portalPage(view));
}
