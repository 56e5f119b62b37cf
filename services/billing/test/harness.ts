import { join } from 'node:path';
import { BillingServiceClient, BillingServiceService } from '@ferry/contracts/billing/v1';
import { HealthClient } from '@ferry/contracts/health/v1';
import { applyMigrations } from '@ferry/db';
import { createGrpcClient, createLogger } from '@ferry/service-kit';
import { testCallerKeys, testCallerOptions } from '@ferry/service-kit/testing';
import { createTestDatabase } from '@ferry/testkit';
import { openDatabase, type Database } from '../src/db.js';
import { billingPolicies } from '../src/policies.js';
import { startBillingServer, type RunningBillingServer, type StartBillingServerOptions } from '../src/server.js';
import { serviceDir } from './generate.global-setup.js';

export const migrationsDir = join(serviceDir, 'prisma/migrations');
export const logger = createLogger('billing-test', 'silent');

/** A fresh PostgreSQL database with the billing migrations applied. */
export async function migratedPostgres(): Promise<{ url: string; applied: string[]; drop(): Promise<void> }> {
  const database = await createTestDatabase('ferry_billing');
  const { applied } = await applyMigrations({ migrationsDir, databaseUrl: database.url });
  return { url: database.url, applied, drop: database.drop };
}

export interface RunningBilling {
  server: RunningBillingServer;
  db: Database;
  billing: BillingServiceClient;
  health: HealthClient;
  stop(): Promise<void>;
}

/** The billing server on a free port over `databaseUrl`, with a client and a health client. */
export async function startBilling(
  databaseUrl: string,
  now?: () => Date,
  stripe: Pick<
    StartBillingServerOptions,
    'stripeWebhookSecret' | 'stripe' | 'payments' | 'testClock' | 'reminders'
  > = {},
): Promise<RunningBilling> {
  const db = await openDatabase(databaseUrl);
  const server = await startBillingServer({
    host: '127.0.0.1',
    port: 0,
    gatewayPublicKey: testCallerKeys().gateway.publicKey,
    linkPublicKey: testCallerKeys().link.publicKey,
    prisma: db.prisma,
    logger,
    now,
    ...stripe,
  });
  const address = `127.0.0.1:${server.port}`;
  // As the gateway: the user RPCs act for the request's `caller` (see testCallerOptions).
  const billing = createGrpcClient(
    BillingServiceClient,
    address,
    testCallerOptions(BillingServiceService, billingPolicies),
  );
  const health = createGrpcClient(HealthClient, address);
  return {
    server,
    db,
    billing,
    health,
    stop: async () => {
      billing.close();
      health.close();
      await server.shutdown(1000);
      await db.close();
    },
  };
}

export { callUnary } from '@ferry/service-kit/testing';
