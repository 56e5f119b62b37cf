import * as grpc from '@grpc/grpc-js';
import {
  BillingServiceService,
  Phase,
  Plan,
  State,
  type AccessStatus,
  type BillingServiceServer,
} from '@ferry/contracts/billing/v1';
import { verifiedUser, type AssertedUser } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { billingPolicies } from './backend-policies.js';

export const DAY = 86_400_000;

export const fail = (code: grpc.status, details: string): grpc.ServiceError =>
  Object.assign(new Error(details), { code, details, metadata: new grpc.Metadata() });

export interface FakeAccount {
  status: AccessStatus;
  /** Has paid once: the portal opens. */
  customer: boolean;
}

/** What the fake saw of one call: the RPC, the user it acted for and its request. */
export interface SeenCall {
  rpc: string;
  user?: AssertedUser;
  request: Record<string, unknown>;
}

const trial = (): AccessStatus => ({
  phase: Phase.PHASE_TRIAL,
  plan: Plan.PLAN_TRIAL,
  state: State.STATE_TRIAL,
  remainingDays: 90,
  totalDays: 90,
  paidUntil: new Date(Date.now() + 90 * DAY),
});

/**
 * An in-memory billing service behind the real caller policies: one trial per e-mail, Checkout
 * refused while a paid plan is active or scheduled, the portal only for customers, resume only
 * when cancelled, and a clock that ends the trial (only with `clockOn`).
 */
export async function startFakeBilling() {
  const accounts = new Map<string, FakeAccount>();
  const calls: SeenCall[] = [];
  const webhooks: { payload: Buffer; signature: string }[] = [];
  const options = { clockOn: true, checkoutUrl: 'http://127.0.0.1:4300/checkout/cs_test_1' };
  const failures = new Map<string, grpc.ServiceError>();

  /** Records the call, answers a planted failure, else runs `fn`. */
  const rpc =
    <Req extends object, Res>(name: string, userCall: boolean, fn: (req: Req, user: AssertedUser) => Res) =>
    (call: grpc.ServerUnaryCall<Req, Res>, cb: grpc.sendUnaryData<Res>) => {
      const user = userCall ? verifiedUser(call) : undefined;
      calls.push({ rpc: name, user, request: { ...call.request } as Record<string, unknown> });
      const planted = failures.get(name);
      if (planted) {
        failures.delete(name);
        return cb(planted);
      }
      try {
        cb(null, fn(call.request, user!));
      } catch (err) {
        cb(err as grpc.ServiceError);
      }
    };
  const account = (user: AssertedUser): FakeAccount => {
    const a = accounts.get(user.email);
    if (!a) throw fail(grpc.status.NOT_FOUND, 'no subscription for this account');
    return a;
  };

  const impl: BillingServiceServer = {
    startTrial: rpc('startTrial', true, (_req, user) => {
      const existing = accounts.get(user.email);
      if (existing) return { status: existing.status, started: false };
      const a = { status: trial(), customer: false };
      accounts.set(user.email, a);
      return { status: a.status, started: true };
    }),
    getAccessStatus: rpc('getAccessStatus', true, (_req, user) => ({ status: account(user).status })),
    cancelSubscription: rpc('cancelSubscription', true, (_req, user) => {
      const a = account(user);
      a.status.cancelledAt ??= new Date();
      if (a.status.state === State.STATE_ACTIVE) a.status.state = State.STATE_CANCELLED;
      return { status: a.status };
    }),
    resumeSubscription: rpc('resumeSubscription', true, (_req, user) => {
      const a = account(user);
      if (a.status.state !== State.STATE_CANCELLED) throw fail(grpc.status.FAILED_PRECONDITION, 'nothing to resume');
      a.status.state = State.STATE_ACTIVE;
      a.status.cancelledAt = undefined;
      return { status: a.status };
    }),
    listPlans: rpc('listPlans', false, () => ({
      plans: [
        { plan: Plan.PLAN_MONTHLY, unitAmount: '200', currency: 'eur', interval: 'month', bestValue: false },
        { plan: Plan.PLAN_YEARLY, unitAmount: '1000', currency: 'eur', interval: 'year', bestValue: true },
        // Not a plan Ferry sells in this currency: left out of the answer.
        { plan: Plan.PLAN_MONTHLY, unitAmount: '250', currency: 'usd', interval: 'month', bestValue: false },
      ],
    })),
    createCheckoutSession: rpc('createCheckoutSession', true, (_req, user) => {
      const a = account(user);
      if (a.status.state === State.STATE_ACTIVE || a.status.state === State.STATE_SCHEDULED)
        throw fail(grpc.status.ALREADY_EXISTS, 'a paid plan is active');
      return { url: options.checkoutUrl, sessionId: 'cs_test_1' };
    }),
    createPortalSession: rpc('createPortalSession', true, (_req, user) => {
      if (!account(user).customer) throw fail(grpc.status.FAILED_PRECONDITION, 'no Stripe customer');
      return { url: 'http://127.0.0.1:4300/portal/bps_1' };
    }),
    advanceTestClock: rpc('advanceTestClock', true, (req: { seconds: string }, user) => {
      if (!options.clockOn) throw fail(grpc.status.FAILED_PRECONDITION, 'the test clock is off');
      const a = account(user);
      const end = a.status.paidUntil!.getTime() - Number(req.seconds) * 1000;
      a.status.paidUntil = new Date(end);
      if (end <= Date.now())
        a.status = { ...a.status, phase: Phase.PHASE_EXPIRED, state: State.STATE_EXPIRED, remainingDays: 0 };
      return { status: a.status, now: new Date() };
    }),
    exportMySubscription: rpc('exportMySubscription', true, (_req, user) => {
      const a = accounts.get(user.email);
      if (!a) return {};
      return {
        subscription: {
          plan: 'trial',
          phase: 'trial',
          trialStartedAt: new Date(a.status.paidUntil!.getTime() - 90 * DAY),
          trialEndsAt: a.status.paidUntil,
          currentPeriodStart: new Date(a.status.paidUntil!.getTime() - 90 * DAY),
          paidUntil: a.status.paidUntil,
          cancelledAt: a.status.cancelledAt,
          stripeStatus: '',
          stripeCustomerId: '',
          stripeSubscriptionId: '',
          createdAt: new Date(a.status.paidUntil!.getTime() - 90 * DAY),
        },
      };
    }),
    // The link service's call (an account deletion), never the gateway's: the real policies refuse the gateway.
    eraseAccount: rpc('eraseAccount', false, () => ({ stripeCancelled: false, deleted: false })),
    handleStripeEvent: rpc('handleStripeEvent', false, (req: { payload: Buffer; signature: string }) => {
      webhooks.push({ payload: Buffer.from(req.payload), signature: req.signature });
      if (req.signature === 'unconfigured')
        throw fail(
          grpc.status.FAILED_PRECONDITION,
          'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)',
        );
      if (req.signature === 'starting') throw fail(grpc.status.UNAVAILABLE, 'billing is starting');
      if (req.signature === 'bad') throw fail(grpc.status.INVALID_ARGUMENT, 'invalid Stripe signature');
      return { eventId: 'evt_1', duplicate: req.signature === 'dup' };
    }),
  };
  const { server, port } = await startTestGrpcServer(BillingServiceService, impl, billingPolicies);
  return {
    port,
    accounts,
    calls,
    webhooks,
    options,
    /** The calls of one RPC. */
    callsOf: (name: string) => calls.filter((c) => c.rpc === name),
    /** The next call of `rpc` answers this error. */
    failNext: (name: string, e: grpc.ServiceError) => void failures.set(name, e),
    /** Sets an account's state directly (as a webhook would). */
    set: (email: string, status: Partial<AccessStatus>, customer = false) => {
      const a = accounts.get(email) ?? { status: trial(), customer };
      accounts.set(email, { status: { ...a.status, ...status }, customer: customer || a.customer });
    },
    reset: () => {
      accounts.clear();
      calls.length = 0;
      webhooks.length = 0;
      failures.clear();
      options.clockOn = true;
      options.checkoutUrl = 'http://127.0.0.1:4300/checkout/cs_test_1';
    },
    stop: () => server.forceShutdown(),
  };
}

export type FakeBilling = Awaited<ReturnType<typeof startFakeBilling>>;
