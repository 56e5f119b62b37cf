import { BillingServiceService, type BillingServiceServer } from '@ferry/contracts/billing/v1';
import type { KeyObject } from 'node:crypto';
import { startGrpcServer, type GrpcServiceBinding, type Logger, type RunningGrpcServer } from '@ferry/service-kit';
import { createBillingClock } from './clock.js';
import type { PrismaClient } from './db.js';
import { accessHandlers } from './handlers/access.js';
import { accountDataHandlers } from './handlers/account-data.js';
import type { HandlerDeps } from './handlers/deps.js';
import { stripeHandlers } from './handlers/stripe.js';
import { subscribeHandlers } from './handlers/subscribe.js';
import { billingPolicies } from './policies.js';
import { startReminderLoop, type ReminderLoop, type SendAccountNotice } from './reminders/loop.js';

export const BILLING_SERVICE_NAME = 'ferry.billing.v1.BillingService';

export type BillingDeps = HandlerDeps & { payments: boolean };

export function billingServiceImplementation(deps: BillingDeps): BillingServiceServer {
  return {
    ...accessHandlers(deps),
    ...stripeHandlers(deps),
    ...subscribeHandlers(deps),
    ...accountDataHandlers(deps),
  };
}

export function billingServiceBinding(deps: BillingDeps): GrpcServiceBinding {
  return {
    name: BILLING_SERVICE_NAME,
    definition: BillingServiceService,
    implementation: billingServiceImplementation(deps),
    policies: billingPolicies,
  };
}

export interface StartBillingServerOptions {
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Public key of the gateway's caller assertions. */
  gatewayPublicKey: KeyObject;
  /** Public key of the link service's caller assertions (an account deletion's EraseAccount). */
  linkPublicKey: KeyObject;
  prisma: PrismaClient;
  logger: Logger;
  /** The wall clock (tests move it). */
  now?: () => Date;
  /** BILLING_TEST_CLOCK=on: accounts' clocks can be moved (AdvanceTestClock). */
  testClock?: boolean;
  /** BILLING_PAYMENTS=on: plans, Checkout and the portal (needs `stripe`). */
  payments?: boolean;
  stripeWebhookSecret?: string;
  stripe?: HandlerDeps['stripe'];
  /** Trial reminders: how they reach notification, the public origin for links, the poll period. Absent: no reminders. */
  reminders?: { send: SendAccountNotice; publicOrigin: string; intervalMs?: number };
}

export interface RunningBillingServer extends RunningGrpcServer {
  /** The reminder loop (absent without `reminders`). */
  reminders?: ReminderLoop;
}

/** The billing service's gRPC server (billing RPCs + health) and its reminder loop, running once this resolves. */
export async function startBillingServer(opts: StartBillingServerOptions): Promise<RunningBillingServer> {
  const clock = createBillingClock(opts.now ?? (() => new Date()), opts.testClock ?? false);
  const reminders = opts.reminders
    ? startReminderLoop({
        prisma: opts.prisma,
        logger: opts.logger,
        clock,
        send: opts.reminders.send,
        publicOrigin: opts.reminders.publicOrigin,
        intervalMs: opts.reminders.intervalMs ?? 60_000,
      })
    : undefined;
  const deps: BillingDeps = {
    prisma: opts.prisma,
    logger: opts.logger,
    clock,
    stripeWebhookSecret: opts.stripeWebhookSecret,
    stripe: opts.stripe,
    payments: (opts.payments ?? false) && opts.stripe !== undefined,
    remindAccount: async (id) => {
      try {
        return (await reminders?.remindAccount(id)) ?? false;
      } catch (err) {
        opts.logger.warn(
          { subscriptionId: id, error: err instanceof Error ? err.message : String(err) },
          'trial reminder failed; the loop retries',
        );
        return false;
      }
    },
  };
  let grpc: RunningGrpcServer;
  try {
    grpc = await startGrpcServer({
      host: opts.host,
      port: opts.port,
      logger: opts.logger,
      services: [billingServiceBinding(deps)],
      callerKeys: { gateway: opts.gatewayPublicKey, link: opts.linkPublicKey },
    });
  } catch (err) {
    await reminders?.stop();
    throw err;
  }
  reminders?.poke();
  return {
    ...grpc,
    reminders,
    async shutdown(graceMs?: number) {
      await grpc.shutdown(graceMs);
      await reminders?.stop();
    },
  };
}
