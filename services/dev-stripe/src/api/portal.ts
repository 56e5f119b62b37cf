import type { PortalSession } from '../domain/objects.js';
import { errors } from '../http/errors.js';
import { render } from '../http/render.js';
import { newId } from '../store/ids.js';
import { findCustomer } from './customers.js';
import type { ApiContext, ApiRoute } from './context.js';

/** The one portal configuration the stand-in has (invoices, card, switch plan, cancel at period end). */
export const PORTAL_CONFIGURATION = 'bpc_ferrystandin0000000000';

function create(ctx: ApiContext): PortalSession {
  const p = ctx.params;
  const customerId = p.string('customer');
  if (!customerId) throw errors.missing('customer');
  const customer = findCustomer(ctx, customerId, 'customer');
  const returnUrl = p.string('return_url') || null;
  if (returnUrl) {
    try {
      new URL(returnUrl);
    } catch {
      throw errors.invalid('return_url', 'Not a valid URL');
    }
  }
  const configuration = p.string('configuration');
  if (configuration && configuration !== PORTAL_CONFIGURATION)
    throw errors.noSuch('billing_portal.configuration', configuration, 'configuration');
  const id = newId('bps');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: PORTAL_CONFIGURATION,
    created: ctx.billing.now(customer.test_clock),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: p.string('locale') || null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${ctx.publicUrl}/p/session/${id}`,
  };
  ctx.store.portalSessions.set(id, session);
  return session;
}

export const portalRoutes: ApiRoute[] = [
  { method: 'POST', path: '/v1/billing_portal/sessions', handler: (ctx) => render(create(ctx), ctx.store, ctx.expand) },
];
