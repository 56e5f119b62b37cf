import { Router, type Request } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  Plan,
  type CreateCheckoutSessionResponse,
  type CreatePortalSessionResponse,
  type ListPlansResponse,
} from '@ferry/contracts/billing/v1';
import {
  CheckoutBody,
  type PaidPlan,
  type PlanPrice,
  type PlansResponse,
  type RedirectUrlResponse,
} from '@ferry/http-contract';
import { callerLanguage } from '../billing/caller.js';
import { unary } from '../grpc/call.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { billingContext, refusal, type BillingRouteDeps } from './billing.js';

/** Prices change rarely: browsers, proxies and this process reuse the list this long. */
export const PLANS_MAX_AGE_S = 60;

export const CHECKOUT_TEXTS = {
  alreadySubscribed: 'You already have a paid plan. Change or cancel it in the billing portal.',
  noBillingAccount: 'There is no billing account yet: choose a plan first.',
  notConfigured: 'Payments are not configured on this server.',
} as const;

const PAID_PLANS: Record<number, PaidPlan> = { [Plan.PLAN_MONTHLY]: 'monthly', [Plan.PLAN_YEARLY]: 'yearly' };
const PLAN_OF: Record<PaidPlan, Plan> = { monthly: Plan.PLAN_MONTHLY, yearly: Plan.PLAN_YEARLY };

/** Billing's price list in the contract's shape; prices of other plans, currencies or intervals are left out. */
function toPlans(r: ListPlansResponse): PlansResponse {
  const plans: PlanPrice[] = [];
  for (const p of r.plans) {
    const plan = PAID_PLANS[p.plan];
    const currency = p.currency.toLowerCase();
    const interval = p.interval;
    if (!plan || currency !== 'eur' || (interval !== 'month' && interval !== 'year')) continue;
    plans.push({ plan, unit_amount: Number(p.unitAmount), currency, interval, best_value: p.bestValue });
  }
  return { plans };
}

/** One list for every caller for PLANS_MAX_AGE_S; concurrent misses share one call, failures are not kept. */
function planCache(load: () => Promise<PlansResponse>) {
  let kept: { value: Promise<PlansResponse>; until: number } | undefined;
  return (): Promise<PlansResponse> => {
    if (kept && Date.now() < kept.until) return kept.value;
    const value = load();
    const entry = { value, until: Date.now() + PLANS_MAX_AGE_S * 1000 };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}

/** GET /api/billing/plans (public), POST /api/billing/checkout and /api/billing/portal. */
export function billingCheckoutRoutes(deps: BillingRouteDeps): Router {
  const router = Router();
  const account = `${deps.publicOrigin}/account`;
  const plans = planCache(async () =>
    toPlans(
      await unary<ListPlansResponse>((md, opts, cb) => deps.billing.listPlans({}, md, opts, cb), {
        deadlineMs: deps.grpcDeadlineMs,
      }).catch(refusal(GrpcStatus.FAILED_PRECONDITION, 503, 'not_configured', CHECKOUT_TEXTS.notConfigured)),
    ),
  );

  router.get('/billing/plans', async (_req, res) => {
    const body = await plans();
    res.setHeader('Cache-Control', `public, max-age=${PLANS_MAX_AGE_S}`);
    res.json(body satisfies PlansResponse);
  });

  router.post('/billing/checkout', deps.authenticate, async (req: Request, res) => {
    const { plan } = parseRequest(CheckoutBody, bodyObject(req.body));
    const ctx = billingContext(req, deps.grpcDeadlineMs);
    const request = {
      plan: PLAN_OF[plan],
      successUrl: `${account}?checkout=success`,
      cancelUrl: `${account}?checkout=cancelled`,
      language: callerLanguage(req),
    };
    const r = await unary<CreateCheckoutSessionResponse>(
      (md, opts, cb) => deps.billing.createCheckoutSession(request, md, opts, cb),
      ctx,
    )
      .catch(refusal(GrpcStatus.ALREADY_EXISTS, 409, 'already_subscribed', CHECKOUT_TEXTS.alreadySubscribed))
      // Payments off, or no Stripe price set up: the server's configuration, not the caller's request.
      .catch(refusal(GrpcStatus.FAILED_PRECONDITION, 503, 'not_configured', CHECKOUT_TEXTS.notConfigured));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ url: stripePage(r.url) } satisfies RedirectUrlResponse);
  });

  router.post('/billing/portal', deps.authenticate, async (req, res) => {
    const ctx = billingContext(req, deps.grpcDeadlineMs);
    const request = { returnUrl: account, language: callerLanguage(req) };
    const r = await unary<CreatePortalSessionResponse>(
      (md, opts, cb) => deps.billing.createPortalSession(request, md, opts, cb),
      ctx,
    ).catch(refusal(GrpcStatus.FAILED_PRECONDITION, 409, 'no_billing_account', CHECKOUT_TEXTS.noBillingAccount));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ url: stripePage(r.url) } satisfies RedirectUrlResponse);
  });

  return router;
}

/** The page billing names must be an http(s) URL: the browser is sent there. */
function stripePage(url: string): string {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new HttpError(502, 'upstream_error', 'The payment provider gave no page to open');
  return url;
}
