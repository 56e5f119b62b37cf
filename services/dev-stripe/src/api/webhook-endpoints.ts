import { randomBytes } from 'node:crypto';
import type { WebhookEndpoint } from '../domain/objects.js';
import { unixNow } from '../domain/time.js';
import { errors } from '../http/errors.js';
import { mergeMetadata } from '../http/form.js';
import { paginate } from '../http/render.js';
import { newId } from '../store/ids.js';
import type { ApiContext, ApiRoute } from './context.js';

function find(ctx: ApiContext): WebhookEndpoint {
  const endpoint = ctx.store.webhookEndpoints.get(ctx.path.id!);
  if (!endpoint) throw errors.noSuch('webhook_endpoint', ctx.path.id!, 'webhook_endpoint');
  return endpoint;
}

/** The secret is shown once, in the answer to create. */
function withoutSecret(endpoint: WebhookEndpoint): WebhookEndpoint {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

function create(ctx: ApiContext): WebhookEndpoint {
  const p = ctx.params;
  const url = p.requiredString('url');
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw errors.invalid('url', 'Invalid URL: URL must be publicly accessible.');
  }
  const events = p.strings('enabled_events');
  if (events.length === 0) throw errors.missing('enabled_events');
  const endpoint: WebhookEndpoint = {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: p.string('api_version') || null,
    application: null,
    created: unixNow(),
    description: p.string('description') || null,
    enabled_events: events,
    livemode: false,
    metadata: mergeMetadata({}, p.metadata()),
    secret: `whsec_${randomBytes(24).toString('hex')}`,
    status: 'enabled',
    url,
  };
  ctx.store.webhookEndpoints.set(endpoint.id, endpoint);
  return endpoint;
}

function update(ctx: ApiContext): WebhookEndpoint {
  const endpoint = find(ctx);
  const p = ctx.params;
  if (p.has('url')) endpoint.url = p.requiredString('url');
  if (p.has('enabled_events')) endpoint.enabled_events = p.strings('enabled_events');
  const disabled = p.bool('disabled');
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
  if (p.has('description')) endpoint.description = p.string('description') || null;
  endpoint.metadata = mergeMetadata(endpoint.metadata, p.metadata());
  return withoutSecret(endpoint);
}

export const webhookEndpointRoutes: ApiRoute[] = [
  { method: 'POST', path: '/v1/webhook_endpoints', handler: create },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints',
    handler: (ctx) =>
      paginate(
        [...ctx.store.webhookEndpoints.values()].map(withoutSecret),
        ctx.params,
        '/v1/webhook_endpoints',
        ctx.store,
        [],
      ),
  },
  { method: 'GET', path: '/v1/webhook_endpoints/:id', handler: (ctx) => withoutSecret(find(ctx)) },
  { method: 'POST', path: '/v1/webhook_endpoints/:id', handler: update },
  {
    method: 'DELETE',
    path: '/v1/webhook_endpoints/:id',
    handler: (ctx) => {
      const endpoint = find(ctx);
      ctx.store.webhookEndpoints.delete(endpoint.id);
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
    },
  },
];
