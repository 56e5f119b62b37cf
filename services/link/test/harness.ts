import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { LinkServiceClient, LinkServiceService } from '@ferry/contracts/link/v1';
import { HealthClient } from '@ferry/contracts/health/v1';
import { applyMigrations } from '@ferry/db';
import { createGrpcClient, createLogger } from '@ferry/service-kit';
import { testCallerKeys, testCallerOptions } from '@ferry/service-kit/testing';
import { createTestDatabase } from '@ferry/testkit';
import { openDatabase, type Database } from '../src/db.js';
import type { FileVerifier } from '../src/drive/verify-file.js';
import { linkPolicies } from '../src/policies.js';
import { startLinkServer, type RunningLinkServer, type StartLinkServerOptions } from '../src/server.js';
import { serviceDir } from './generate.global-setup.js';

export const migrationsDir = join(serviceDir, 'prisma/migrations');
export const logger = createLogger('link-test', 'silent');

/** A fresh PostgreSQL database with the link migrations applied. */
export async function migratedPostgres(): Promise<{ url: string; applied: string[]; drop(): Promise<void> }> {
  const database = await createTestDatabase('ferry_link');
  const { applied } = await applyMigrations({ migrationsDir, databaseUrl: database.url });
  return { url: database.url, applied, drop: database.drop };
}

export interface RunningLink {
  server: RunningLinkServer;
  db: Database;
  link: LinkServiceClient;
  health: HealthClient;
  stop(): Promise<void>;
}

/**
 * The link server on a free port over `databaseUrl`, with a health client and a client that calls
 * as the gateway (owner RPCs act for the request's `caller`, see testCallerOptions).
 */
export async function startLink(databaseUrl: string, opts: Partial<StartLinkServerOptions> = {}): Promise<RunningLink> {
  const db = await openDatabase(databaseUrl);
  const server = await startLinkServer({
    host: '127.0.0.1',
    port: 0,
    gatewayPublicKey: testCallerKeys().gateway.publicKey,
    prisma: db.prisma,
    logger,
    verifyFile: fakeDrive(),
    ...opts,
  });
  const address = `127.0.0.1:${server.port}`;
  const link = createGrpcClient(LinkServiceClient, address, testCallerOptions(LinkServiceService, linkPolicies));
  const health = createGrpcClient(HealthClient, address);
  return {
    server,
    db,
    link,
    health,
    stop: async () => {
      link.close();
      health.close();
      await server.shutdown(1000);
      await db.close();
    },
  };
}

export { callUnary } from '@ferry/service-kit/testing';

/** Files a fake drive knows: id → owner sub. Anything else is not in the caller's drive. */
export const driveFiles = new Map<string, { owner: string; name: string; size: bigint }>();

/** A verifier answering from `driveFiles`; the token is the owner's sub (tests only). */
export function fakeDrive(): FileVerifier {
  return async (fileId, token) => {
    const f = driveFiles.get(fileId);
    if (!f || f.owner !== token)
      throw Object.assign(new Error('file not found in your drive'), {
        code: grpc.status.NOT_FOUND,
        details: 'file not found in your drive',
        metadata: new grpc.Metadata(),
      });
    return { id: fileId, name: f.name, sizeBytes: f.size };
  };
}

/** Sends batches on one RecordDownloads stream. */
export function recordDownloads(
  client: LinkServiceClient,
  batches: Array<{ batchId: string; counts: Array<{ slug: string; count: string }> }>,
  timeoutMs = 5000,
): Promise<{ err: grpc.ServiceError | null; res?: { recorded: string; duplicateBatches: string } }> {
  return new Promise((resolve) => {
    const stream = client.recordDownloads(new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (err, res) =>
      resolve({ err, res }),
    );
    stream.on('error', () => undefined);
    for (const b of batches) stream.write(b);
    stream.end();
  });
}
