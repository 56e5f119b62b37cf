import type { Price, Product } from '../domain/objects.js';
import type { Interval } from '../domain/time.js';
import { unixNow } from '../domain/time.js';
import { errors } from '../http/errors.js';
import { mergeMetadata, type ParamReader } from '../http/form.js';
import { paginate, render } from '../http/render.js';
import { newId } from '../store/ids.js';
import type { ApiContext, ApiRoute } from './context.js';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

function createProductFrom(ctx: ApiContext, p: ParamReader): Product {
  const now = unixNow();
  const product: Product = {
    id: p.string('id') || newId('prod', 14),
    object: 'product',
    active: p.bool('active') ?? true,
    created: now,
    default_price: null,
    description: p.string('description') || null,
    images: p.strings('images'),
    livemode: false,
    marketing_features: p.list('marketing_features').map((f) => ({ name: f.requiredString('name') })),
    metadata: mergeMetadata({}, p.metadata()),
    name: p.requiredString('name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: p.string('statement_descriptor') || null,
    tax_code: null,
    type: 'service',
    unit_label: p.string('unit_label') || null,
    updated: now,
    url: null,
  };
  if (ctx.store.products.has(product.id)) throw errors.state(`Product already exists.`, 'id');
  ctx.store.products.set(product.id, product);
  ctx.events.emit('product.created', product, now, ctx.request);
  return product;
}

function product(ctx: ApiContext): Product {
  const id = ctx.path.id!;
  const found = ctx.store.products.get(id);
  if (!found) throw errors.noSuch('product', id);
  return found;
}

function price(ctx: ApiContext): Price {
  const id = ctx.path.id!;
  const found = ctx.store.prices.get(id);
  if (!found) throw errors.noSuch('price', id, 'price');
  return found;
}

function createPrice(ctx: ApiContext): Price {
  const p = ctx.params;
  const currency = p.requiredString('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw errors.invalid('currency', `Invalid currency: ${currency}.`);
  let productId = p.string('product');
  const productData = p.object('product_data');
  if (productId && productData)
    throw errors.state('You may only specify one of these parameters: product, product_data.', 'product');
  if (!productId && !productData) throw errors.missing('product');
  if (productData) productId = createProductFrom(ctx, productData).id;
  else if (!ctx.store.products.has(productId!)) throw errors.noSuch('product', productId!, 'product');
  const unitAmountDecimal = p.string('unit_amount_decimal');
  const unitAmount = p.int('unit_amount') ?? (unitAmountDecimal ? Math.round(Number(unitAmountDecimal)) : undefined);
  if (unitAmount === undefined) throw errors.missing('unit_amount');
  if (unitAmount < 0) throw errors.invalid('unit_amount', 'This value must be greater than or equal to 0.');
  const recurring = p.object('recurring');
  const interval = recurring?.oneOf('interval', INTERVALS);
  if (recurring && !interval) throw errors.missing('recurring[interval]');
  const lookupKey = p.string('lookup_key') || null;
  const now = unixNow();
  if (lookupKey) {
    const holder = [...ctx.store.prices.values()].find((x) => x.lookup_key === lookupKey);
    if (holder) {
      if (!p.bool('transfer_lookup_key')) {
        throw errors.state(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      }
      holder.lookup_key = null;
      ctx.events.emit('price.updated', holder, now, ctx.request, { lookup_key: lookupKey });
    }
  }
  const created: Price = {
    id: newId('price'),
    object: 'price',
    active: p.bool('active') ?? true,
    billing_scheme: 'per_unit',
    created: now,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, p.metadata()),
    nickname: p.string('nickname') || null,
    product: productId!,
    recurring: interval
      ? {
          interval: interval as Interval,
          interval_count: recurring!.int('interval_count') ?? 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: p.oneOf('tax_behavior', ['unspecified', 'inclusive', 'exclusive'] as const) ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
  ctx.store.prices.set(created.id, created);
  ctx.events.emit('price.created', created, now, ctx.request);
  return created;
}

function updatePrice(ctx: ApiContext): Price {
  const found = price(ctx);
  const p = ctx.params;
  const before = structuredClone(found);
  const active = p.bool('active');
  if (active !== undefined) found.active = active;
  if (p.has('nickname')) found.nickname = p.string('nickname') || null;
  const taxBehavior = p.oneOf('tax_behavior', ['unspecified', 'inclusive', 'exclusive'] as const);
  if (taxBehavior && taxBehavior !== found.tax_behavior) {
    if (found.tax_behavior !== 'unspecified')
      throw errors.state(
        'Once specified as either `inclusive` or `exclusive`, the `tax_behavior` of a price cannot be changed.',
        'tax_behavior',
      );
    found.tax_behavior = taxBehavior;
  }
  found.metadata = mergeMetadata(found.metadata, p.metadata());
  if (p.has('lookup_key')) {
    const key = p.string('lookup_key') || null;
    const holder = key
      ? [...ctx.store.prices.values()].find((x) => x.lookup_key === key && x.id !== found.id)
      : undefined;
    if (holder && !p.bool('transfer_lookup_key'))
      throw errors.state(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    if (holder) holder.lookup_key = null;
    found.lookup_key = key;
  }
  const prev: Record<string, unknown> = {};
  for (const k of ['active', 'nickname', 'metadata', 'lookup_key', 'tax_behavior'] as const)
    if (JSON.stringify(before[k]) !== JSON.stringify(found[k])) prev[k] = before[k];
  if (Object.keys(prev).length) ctx.events.emit('price.updated', found, unixNow(), ctx.request, prev);
  return found;
}

function listPrices(ctx: ApiContext): object {
  const p = ctx.params;
  const keys = p.strings('lookup_keys');
  const active = p.bool('active');
  const productId = p.string('product');
  const currency = p.string('currency');
  const type = p.string('type');
  const all = [...ctx.store.prices.values()].filter(
    (x) =>
      (keys.length === 0 || (x.lookup_key !== null && keys.includes(x.lookup_key))) &&
      (active === undefined || x.active === active) &&
      (!productId || x.product === productId) &&
      (!currency || x.currency === currency.toLowerCase()) &&
      (!type || x.type === type),
  );
  return paginate(all, p, '/v1/prices', ctx.store, ctx.expand);
}

export const productRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/products',
    handler: (ctx) => render(createProductFrom(ctx, ctx.params), ctx.store, ctx.expand),
  },
  {
    method: 'GET',
    path: '/v1/products',
    handler: (ctx) => paginate([...ctx.store.products.values()], ctx.params, '/v1/products', ctx.store, ctx.expand),
  },
  { method: 'GET', path: '/v1/products/:id', handler: (ctx) => render(product(ctx), ctx.store, ctx.expand) },
  { method: 'POST', path: '/v1/prices', handler: (ctx) => render(createPrice(ctx), ctx.store, ctx.expand) },
  { method: 'GET', path: '/v1/prices', handler: listPrices },
  { method: 'GET', path: '/v1/prices/:id', handler: (ctx) => render(price(ctx), ctx.store, ctx.expand) },
  { method: 'POST', path: '/v1/prices/:id', handler: (ctx) => render(updatePrice(ctx), ctx.store, ctx.expand) },
];
