import type { Customer } from '../domain/objects.js';
import { errors } from '../http/errors.js';
import { mergeMetadata } from '../http/form.js';
import { paginate, render } from '../http/render.js';
import { changedAttributes } from '../engine/events.js';
import type { ApiContext, ApiRoute } from './context.js';

export function findCustomer(ctx: ApiContext, id: string, param = 'id'): Customer {
  const found = ctx.store.customers.get(id);
  if (!found) throw errors.noSuch('customer', id, param);
  return found;
}

function create(ctx: ApiContext): Customer {
  const p = ctx.params;
  const clock = p.string('test_clock') || null;
  if (clock && !ctx.store.testClocks.has(clock)) throw errors.noSuch('test_clock', clock, 'test_clock');
  return ctx.billing.createCustomer(
    {
      email: p.string('email') || null,
      name: p.string('name') || null,
      description: p.string('description') || null,
      phone: p.string('phone') || null,
      metadata: mergeMetadata({}, p.metadata()),
      preferredLocales: p.strings('preferred_locales'),
      testClock: clock,
    },
    ctx.request,
  );
}

function update(ctx: ApiContext): Customer {
  const customer = findCustomer(ctx, ctx.path.id!);
  const p = ctx.params;
  const before = structuredClone(customer);
  if (p.has('email')) customer.email = p.string('email') || null;
  if (p.has('name')) customer.name = p.string('name') || null;
  if (p.has('description')) customer.description = p.string('description') || null;
  if (p.has('phone')) customer.phone = p.string('phone') || null;
  if (p.has('preferred_locales')) customer.preferred_locales = p.strings('preferred_locales');
  customer.metadata = mergeMetadata(customer.metadata, p.metadata());
  const settings = p.object('invoice_settings');
  if (settings?.has('default_payment_method')) {
    const pm = settings.string('default_payment_method') || null;
    if (pm && ctx.store.paymentMethods.get(pm)?.customer !== customer.id)
      throw errors.noSuch('PaymentMethod', pm, 'invoice_settings[default_payment_method]');
    customer.invoice_settings.default_payment_method = pm;
  }
  const previous = changedAttributes(before, customer);
  if (Object.keys(previous).length)
    ctx.events.emit('customer.updated', customer, ctx.billing.now(customer.test_clock), ctx.request, previous);
  return customer;
}

function list(ctx: ApiContext): object {
  const email = ctx.params.string('email');
  const clock = ctx.params.string('test_clock');
  const all = [...ctx.store.customers.values()].filter(
    (c) => (!email || c.email === email) && (!clock || c.test_clock === clock),
  );
  return paginate(all, ctx.params, '/v1/customers', ctx.store, ctx.expand);
}

/** A customer as Stripe answers it; `tax_ids` is only there when asked for with `expand[]=tax_ids`. */
function show(ctx: ApiContext, customer: Customer): object {
  const out = render(
    customer,
    ctx.store,
    ctx.expand.filter((e) => e !== 'tax_ids'),
  ) as Customer & { tax_ids?: object };
  if (ctx.expand.includes('tax_ids')) {
    const data = ctx.billing.taxIdsOf(customer.id);
    out.tax_ids = { object: 'list', data, has_more: false, url: `/v1/customers/${customer.id}/tax_ids` };
  }
  return out;
}

export const customerRoutes: ApiRoute[] = [
  { method: 'POST', path: '/v1/customers', handler: (ctx) => render(create(ctx), ctx.store, ctx.expand) },
  { method: 'GET', path: '/v1/customers', handler: list },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handler: (ctx) => show(ctx, findCustomer(ctx, ctx.path.id!)),
  },
  { method: 'POST', path: '/v1/customers/:id', handler: (ctx) => render(update(ctx), ctx.store, ctx.expand) },
];
