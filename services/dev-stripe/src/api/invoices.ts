import { errors } from '../http/errors.js';
import { paginate, render } from '../http/render.js';
import type { ApiContext, ApiRoute } from './context.js';

function list(ctx: ApiContext): object {
  const p = ctx.params;
  const customer = p.string('customer');
  const subscription = p.string('subscription');
  const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const all = [...ctx.store.invoices.values()].filter(
    (i) =>
      (!customer || i.customer === customer) &&
      (!subscription || i.parent.subscription_details.subscription === subscription) &&
      (!status || i.status === status),
  );
  return paginate(all, p, '/v1/invoices', ctx.store, ctx.expand);
}

export const invoiceRoutes: ApiRoute[] = [
  { method: 'GET', path: '/v1/invoices', handler: list },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handler: (ctx) => {
      const invoice = ctx.store.invoices.get(ctx.path.id!);
      if (!invoice) throw errors.noSuch('invoice', ctx.path.id!, 'invoice');
      return render(invoice, ctx.store, ctx.expand);
    },
  },
];
