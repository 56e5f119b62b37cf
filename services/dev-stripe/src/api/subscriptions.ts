import type { Subscription } from '../domain/objects.js';
import { errors } from '../http/errors.js';
import { mergeMetadata } from '../http/form.js';
import { paginate, render } from '../http/render.js';
import type { ApiContext, ApiRoute } from './context.js';

const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export function findSubscription(ctx: Pick<ApiContext, 'store'>, id: string): Subscription {
  const found = ctx.store.subscriptions.get(id);
  if (!found) throw errors.noSuch('subscription', id, 'subscription_exposed_id');
  return found;
}

function update(ctx: ApiContext): Subscription {
  const sub = findSubscription(ctx, ctx.path.id!);
  const p = ctx.params;
  const metadata = p.metadata();
  if (metadata !== undefined) {
    const before = structuredClone(sub);
    sub.metadata = mergeMetadata(sub.metadata, metadata);
    ctx.billing.emitUpdated(sub, before, ctx.billing.now(sub.test_clock), ctx.request);
  }
  const items = p.list('items');
  if (items.length > 1) throw errors.invalid('items', 'This stand-in supports subscriptions with one item.');
  if (items.length === 1) {
    const item = items[0]!;
    const itemId = item.string('id');
    if (itemId && itemId !== ctx.billing.item(sub).id) throw errors.noSuch('subscription_item', itemId, 'items[0][id]');
    if (!itemId)
      throw errors.state('Adding a second item is not supported by this stand-in; pass items[0][id].', 'items[0][id]');
    const priceId = item.string('price');
    if (priceId) {
      const price = ctx.store.prices.get(priceId);
      if (!price) throw errors.noSuch('price', priceId, 'items[0][price]');
      if (price.type !== 'recurring')
        throw errors.state(
          'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
          'items[0][price]',
        );
      if (price.currency !== sub.currency)
        throw errors.state(
          `The price specified uses currency \`${price.currency}\`, but the subscription uses \`${sub.currency}\`.`,
          'items[0][price]',
        );
      const proration =
        p.oneOf('proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ?? 'create_prorations';
      ctx.billing.switchPrice(sub, price, item.int('quantity'), proration, ctx.request);
    }
  }
  const pm = p.string('default_payment_method');
  if (pm !== undefined) {
    if (pm && ctx.store.paymentMethods.get(pm)?.customer !== sub.customer)
      throw errors.noSuch('PaymentMethod', pm, 'default_payment_method');
    const before = structuredClone(sub);
    sub.default_payment_method = pm || null;
    ctx.billing.emitUpdated(sub, before, ctx.billing.now(sub.test_clock), ctx.request);
  }
  const cancelAtPeriodEnd = p.bool('cancel_at_period_end');
  const details = p.object('cancellation_details');
  if (cancelAtPeriodEnd !== undefined) {
    ctx.billing.setCancelAtPeriodEnd(sub, cancelAtPeriodEnd, ctx.request, {
      comment: details?.string('comment') || null,
      feedback: details?.string('feedback') || null,
    });
  }
  if (p.has('cancel_at')) {
    if (cancelAtPeriodEnd !== undefined)
      throw errors.state('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'cancel_at');
    ctx.billing.setCancelAt(sub, p.string('cancel_at') === '' ? null : (p.int('cancel_at') ?? null), ctx.request);
  }
  return sub;
}

function cancel(ctx: ApiContext): Subscription {
  const sub = findSubscription(ctx, ctx.path.id!);
  if (sub.status === 'canceled') throw errors.state(`This subscription has already been canceled.`);
  ctx.billing.cancelNow(sub, ctx.request);
  return sub;
}

function list(ctx: ApiContext): object {
  const p = ctx.params;
  const customer = p.string('customer');
  const price = p.string('price');
  const clock = p.string('test_clock');
  const status = p.oneOf('status', STATUSES);
  const all = [...ctx.store.subscriptions.values()].filter((s) => {
    if (customer && s.customer !== customer) return false;
    if (clock && s.test_clock !== clock) return false;
    if (price && ctx.billing.priceOf(s).id !== price) return false;
    if (status === 'all') return true;
    if (status === 'ended') return s.status === 'canceled' || s.status === 'incomplete_expired';
    if (status) return s.status === status;
    return s.status !== 'canceled' && s.status !== 'incomplete_expired';
  });
  return paginate(all, p, '/v1/subscriptions', ctx.store, ctx.expand);
}

export const subscriptionRoutes: ApiRoute[] = [
  { method: 'GET', path: '/v1/subscriptions', handler: list },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handler: (ctx) => render(findSubscription(ctx, ctx.path.id!), ctx.store, ctx.expand),
  },
  { method: 'POST', path: '/v1/subscriptions/:id', handler: (ctx) => render(update(ctx), ctx.store, ctx.expand) },
  { method: 'DELETE', path: '/v1/subscriptions/:id', handler: (ctx) => render(cancel(ctx), ctx.store, ctx.expand) },
];
