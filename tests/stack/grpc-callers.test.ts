/**
 * The gRPC services as `npm start` runs them: bound to 127.0.0.1 only, and refusing a caller that
 * brings no caller assertion or one signed with a key of its own, while the product (the gateway's
 * health through them) keeps working.
 */
import { generateKeyPairSync } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { BillingServiceClient, BillingServiceService } from '@ferry/contracts/billing/v1';
import { LinkServiceClient, LinkServiceService } from '@ferry/contracts/link/v1';
import { NotificationServiceClient, NotificationServiceService } from '@ferry/contracts/notification/v1';
import { createGrpcClient } from '@ferry/service-kit';
import { callAnyMethod, portIsClosed } from '@ferry/service-kit/testing';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

const alice = { sub: 'sub-alice', email: 'alice@example.com' };

/** One owner call per service that a forged gateway would most like to make. */
const targets = {
  link: {
    Ctor: LinkServiceClient,
    definition: LinkServiceService,
    method: 'listLinks',
    request: { caller: alice, pageSize: 10, pageToken: '', driveFileIds: [] },
  },
  notification: {
    Ctor: NotificationServiceClient,
    definition: NotificationServiceService,
    method: 'logCopyLink',
    request: { caller: alice, link: '', slug: '' },
  },
  billing: {
    Ctor: BillingServiceClient,
    definition: BillingServiceService,
    method: 'cancelSubscription',
    request: { caller: alice },
  },
} as const;

async function forgedGatewayAssertion(audience: string): Promise<grpc.Metadata> {
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sub: alice.sub, email: alice.email })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setIssuer('gateway')
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 60)
    .sign(generateKeyPairSync('ed25519').privateKey);
  const md = new grpc.Metadata();
  md.set('authorization', `Bearer ${token}`);
  return md;
}

describe('gRPC services of the single-machine stack', () => {
  let stack: SuiteStack;
  const clients: grpc.Client[] = [];

  beforeAll(async () => {
    stack = await stackForSuite();
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await stack?.stop();
  }, 60_000);

  it.each(Object.keys(targets) as Array<keyof typeof targets>)(
    '%s listens on 127.0.0.1 only and refuses calls without a valid assertion',
    async (name) => {
      const address = stack.grpcAddrs[name];
      expect(address, 'FERRY_GRPC_ADDRS names the link, notification and billing addresses').toMatch(
        /^127\.0\.0\.1:\d+$/,
      );
      const port = Number(address.split(':')[1]);
      expect(await portIsClosed(port, '127.0.0.1')).toBe(false);
      expect(await portIsClosed(port, '127.0.0.2')).toBe(true);

      const { Ctor, definition, method, request } = targets[name];
      const client = createGrpcClient(
        Ctor as unknown as new (
          a: string,
          c: grpc.ChannelCredentials,
        ) => grpc.Client,
        address,
      );
      clients.push(client);
      const audience = Object.values(definition)[0]!.path.split('/')[1]!;
      const none = await callAnyMethod(client, definition, method, request, new grpc.Metadata());
      expect(none?.code).toBe(grpc.status.UNAUTHENTICATED);
      const forged = await callAnyMethod(client, definition, method, request, await forgedGatewayAssertion(audience));
      expect(forged?.code).toBe(grpc.status.UNAUTHENTICATED);
    },
  );

  it('still serves the product through the gateway', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(response.status).toBe(200);
  });
});
