import type { Billing } from '../engine/billing.js';
import type { Events, RequestRef } from '../engine/events.js';
import type { ParamReader } from '../http/form.js';
import type { Store } from '../store/store.js';

export interface ApiContext {
  params: ParamReader;
  /** Path parameters of the route (`:id`). */
  path: Record<string, string>;
  expand: string[];
  request: RequestRef;
  store: Store;
  billing: Billing;
  events: Events;
  /** Base URL of the hosted pages. */
  publicUrl: string;
}

export type ApiHandler = (ctx: ApiContext) => object;

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handler: ApiHandler;
}
