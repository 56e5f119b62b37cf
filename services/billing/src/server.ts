import { BillingServiceService, type BillingServiceServer } from '@ferry/contracts/billing/v1';
import type { KeyObject } from 'node:crypto';
import { startGrpcServer, type GrpcServiceBinding, type Logger, type RunningGrpcServer } from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import { accessHandlers } from './handlers/access.js';
import type { HandlerDeps } from './handlers/deps.js';
import { stripeHandlers } from './handlers/stripe.js';
import { subscribeHandlers } from './handlers/subscribe.js';
import { billingPolicies } from './policies.js';

export const BILLING_SERVICE_NAME = 'ferry.billing.v1.BillingService';

export function billingServiceImplementation(deps: HandlerDeps): BillingServiceServer {
  return { ...accessHandlers(deps), ...stripeHandlers(deps), ...subscribeHandlers(deps) };
}

export function billingServiceBinding(deps: HandlerDeps): GrpcServiceBinding {
  return { name: BILLING_SERVICE_NAME, definition: BillingServiceService, implementation: billingServiceImplementation(deps), policies: billingPolicies };
}

export interface StartBillingServerOptions {
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Public key of the gateway's caller assertions, billing's only caller. */
  gatewayPublicKey: KeyObject;
  prisma: PrismaClient;
  logger: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
  stripeWebhookSecret?: string;
  stripe?: HandlerDeps['stripe'];
}

/** The billing service's gRPC server (billing RPCs + health), listening once this resolves. */
export function startBillingServer(opts: StartBillingServerOptions): Promise<RunningGrpcServer> {
  const deps: HandlerDeps = {
    prisma: opts.prisma,
    logger: opts.logger,
    now: opts.now ?? (() => new Date()),
    stripeWebhookSecret: opts.stripeWebhookSecret,
    stripe: opts.stripe,
  };
  return startGrpcServer({
    host: opts.host,
    port: opts.port,
    logger: opts.logger,
    services: [billingServiceBinding(deps)],
    callerKeys: { gateway: opts.gatewayPublicKey },
  });
}
