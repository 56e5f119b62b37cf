import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@ferry/service-kit';
import { checkoutRoutes } from './api/checkout.js';
import type { ApiContext } from './api/context.js';
import { customerRoutes } from './api/customers.js';
import { eventRoutes } from './api/events.js';
import { invoiceRoutes } from './api/invoices.js';
import { portalRoutes } from './api/portal.js';
import { productRoutes } from './api/products.js';
import { subscriptionRoutes } from './api/subscriptions.js';
import { testClockRoutes } from './api/test-clocks.js';
import { webhookEndpointRoutes } from './api/webhook-endpoints.js';
import type { StripeEvent } from './domain/objects.js';
import { Billing } from './engine/billing.js';
import { Events } from './engine/events.js';
import { errors, StripeError } from './http/errors.js';
import { decodeForm, MissingParam, ParamError, ParamReader } from './http/form.js';
import { IdempotencyKeys } from './http/idempotency.js';
import { KnownParams } from './http/unknown-params.js';
import { Router } from './http/router.js';
import { handlePage } from './pages/routes.js';
import { newId } from './store/ids.js';
import { loadStore, SnapshotWriter } from './store/snapshot.js';
import type { Store } from './store/store.js';
import { smtpInvoiceMailer } from './mail/invoice-mail.js';
import type { Invoice } from './domain/objects.js';
import { WebhookDelivery, type DeliveryTarget } from './webhooks/delivery.js';

export interface StripeServerOptions {
  /** 0 = a free port (tests). */
  port: number;
  host?: string;
  /** The one secret key the API accepts. */
  secretKey: string;
  /** Base URL of the hosted pages as browsers reach them; default http://localhost:<port>. */
  publicUrl?: string;
  /** The endpoint every event goes to (the gateway's webhook), with its signing secret. */
  webhook?: { url: string; secret: string };
  /** Where the state is saved (JSON, written shortly after each change) and loaded from at start; none = memory only. */
  dataFile?: string;
  /** Webhook retry backoff; defaults 1 s doubling up to 1 min. */
  retry?: { baseMs?: number; maxMs?: number };
  logger?: Logger;
  /** SMTP server (`smtp://host:port`) the receipts of paid invoices are mailed through; none = no mail. */
  smtpUrl?: string;
  /** Sees every API request and its answer (the contract tests check both against Stripe's OpenAPI document). */
  observe?: (exchange: ApiExchange) => void;
}

export interface ApiExchange {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET, DELETE). */
  params: Record<string, unknown>;
  status: number;
  body: unknown;
}

export interface StripeServer {
  readonly url: string;
  readonly port: number;
  readonly store: Store;
  readonly billing: Billing;
  readonly delivery: WebhookDelivery;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const CONFIGURED_ENDPOINT = 'we_configured';
const WALL_CLOCK_MS = 10_000;

const router = new Router([
  ...productRoutes,
  ...customerRoutes,
  ...checkoutRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...portalRoutes,
  ...eventRoutes,
  ...testClockRoutes,
  ...webhookEndpointRoutes,
]);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new StripeError(413, 'invalid_request_error', 'Request body too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function apiKey(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
}

function eventMatches(enabled: string[], type: string): boolean {
  return enabled.includes('*') || enabled.includes(type);
}

export async function startStripeServer(options: StripeServerOptions): Promise<StripeServer> {
  const store = loadStore(options.dataFile);
  const snapshots = new SnapshotWriter(store, options.dataFile);
  const logger = options.logger;
  const delivery = new WebhookDelivery({
    retry: {
      baseMs: options.retry?.baseMs ?? 1000,
      maxMs: options.retry?.maxMs ?? 60_000,
      jitter: { min: 0.8, max: 1.2 },
    },
    logger,
    onDelivered: (event) => {
      const stored = store.eventsById.get(event.id);
      if (stored && stored.pending_webhooks > 0) stored.pending_webhooks -= 1;
      snapshots.changed();
    },
  });
  const targets = (event: StripeEvent): DeliveryTarget[] => {
    const list: DeliveryTarget[] = options.webhook
      ? [{ id: CONFIGURED_ENDPOINT, url: options.webhook.url, secret: options.webhook.secret }]
      : [];
    for (const endpoint of store.webhookEndpoints.values()) {
      if (endpoint.status === 'enabled' && eventMatches(endpoint.enabled_events, event.type))
        list.push({ id: endpoint.id, url: endpoint.url, secret: endpoint.secret! });
    }
    return list;
  };
  const mailer = options.smtpUrl ? smtpInvoiceMailer(options.smtpUrl, logger) : null;
  const events = new Events(store, (event) => {
    snapshots.changed();
    if (event.type === 'invoice.paid') mailer?.paid(event.data.object as unknown as Invoice);
    const list = targets(event);
    // Sent after the current request has been answered, as Stripe does.
    setImmediate(() => {
      for (const t of list) delivery.send(event, t);
    });
    return list.length;
  });
  const billing = new Billing(store, events, () => publicUrl);
  // Deliveries that were under way when the stand-in stopped go out again, as Stripe keeps retrying.
  for (const event of store.events) {
    if (event.pending_webhooks === 0) continue;
    const list = targets(event);
    event.pending_webhooks = list.length;
    setImmediate(() => {
      for (const t of list) delivery.send(event, t);
    });
  }
  const idempotency = new IdempotencyKeys();
  const known = new KnownParams();
  let publicUrl = options.publicUrl?.replace(/\/$/, '') ?? '';

  const sendJson = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'stripe-version': '2026-10-28.endive',
      ...headers,
    });
    res.end(body);
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const requestId = newId('req', 14);
    const method = req.method ?? 'GET';
    const key = apiKey(req);
    if (key === null) throw errors.noKey();
    if (key !== options.secretKey) throw errors.badKey(key);
    const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = idempotencyKey ? IdempotencyKeys.fingerprint(method, url.pathname, raw) : '';
    if (idempotencyKey) {
      const replay = idempotency.replay(idempotencyKey, fingerprint);
      if (replay)
        return sendJson(res, replay.status, replay.body, {
          'request-id': replay.requestId,
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
    }
    const params = decodeForm(raw);
    const decoded = structuredClone(params);
    const expand = new ParamReader(params).strings('expand');
    delete params.expand;
    const match = router.match(method, url.pathname);
    let status = 200;
    let body: string;
    try {
      if (match === undefined || match === 'wrong_method') throw errors.unknownRoute(method, url.pathname);
      const unknown = known.unknown(method, url.pathname, decoded);
      if (unknown) throw errors.unknownParam(unknown);
      const ctx: ApiContext = {
        params: new ParamReader(params),
        path: match.path,
        expand,
        request: { id: requestId, idempotency_key: idempotencyKey ?? null },
        store,
        billing,
        events,
        publicUrl,
      };
      body = JSON.stringify(match.handler(ctx), null, 2);
    } catch (err) {
      const stripeError = asStripeError(err);
      if (!stripeError) throw err;
      status = stripeError.status;
      body = JSON.stringify(stripeError.body(), null, 2);
    }
    // Stripe keeps the answer to an idempotent request unless it failed on its side (5xx).
    if (idempotencyKey && status < 500) idempotency.remember(idempotencyKey, { fingerprint, status, body, requestId });
    options.observe?.({ method, path: url.pathname, params: decoded, status, body: JSON.parse(body) });
    sendJson(res, status, body, {
      'request-id': requestId,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== 'GET') res.once('finish', () => snapshots.changed());
    const work = url.pathname.startsWith('/v1/')
      ? handleApi(req, res, url)
      : handlePage(req, res, url.pathname, () => readBody(req), { store, billing }).then((handled) => {
          if (handled) return;
          if (url.pathname === '/healthz') return sendJson(res, 200, '{"ok":true}');
          sendJson(res, 404, JSON.stringify(errors.unknownRoute(req.method ?? 'GET', url.pathname).body()));
        });
    work.catch((err: unknown) => {
      const stripeError = err instanceof StripeError ? err : null;
      if (!stripeError) logger?.error({ err, path: url.pathname }, 'request failed');
      if (res.headersSent) return res.end();
      const e =
        stripeError ?? new StripeError(500, 'api_error', 'An unexpected error occurred in the Stripe stand-in.');
      sendJson(res, e.status, JSON.stringify(e.body()));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // Subscriptions on no test clock live on the wall clock: renewals, retries and period ends as they fall due.
  const wallClock = setInterval(() => {
    try {
      billing.runWallClock();
    } catch (err) {
      logger?.error({ err }, 'wall-clock billing run failed');
    }
  }, WALL_CLOCK_MS);
  wallClock.unref();
  if (!publicUrl) publicUrl = `http://localhost:${port}`;

  return {
    url: `http://${options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1'}:${port}`,
    port,
    store,
    billing,
    delivery,
    async close() {
      clearInterval(wallClock);
      await delivery.close();
      await mailer?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      snapshots.flush();
    },
  };
}

function asStripeError(err: unknown): StripeError | null {
  if (err instanceof StripeError) return err;
  if (err instanceof MissingParam) return errors.missing(err.param);
  if (err instanceof ParamError) return new StripeError(400, 'invalid_request_error', err.message, err.code, err.param);
  return null;
}
