import type { Client } from '@grpc/grpc-js';
import { BillingServiceClient } from '@ferry/contracts/billing/v1';
import { HealthClient } from '@ferry/contracts/health/v1';
import { LinkServiceClient } from '@ferry/contracts/link/v1';
import { LinkPreviewServiceClient } from '@ferry/contracts/link/v1/preview';
import { NotificationServiceClient } from '@ferry/contracts/notification/v1';
import {
  callerAssertionOptions,
  checkHealth,
  createGrpcClient,
  type CallerSigner,
  type GrpcClientConstructor,
} from '@ferry/service-kit';
import type { BackendName, HealthProbe } from './health-checker.js';

export interface Backend<C extends Client> {
  name: BackendName;
  address: string;
  /**
   * The backend's service client. Calls go through `unary()` (src/grpc/call.ts) for the deadline.
   * Every call carries the gateway's signed caller assertion: its own, or a user's (CallContext.user).
   */
  client: C;
  /** gRPC health client sharing the service client's channel. */
  health: HealthClient;
  /** Fully-qualified service name checked with the health protocol, e.g. "ferry.link.v1.LinkService". */
  serviceName: string;
}

export interface Backends {
  link: Backend<LinkServiceClient>;
  /** The link service's previews (thumbnails, zip listings), on the link channel. */
  linkPreview: LinkPreviewServiceClient;
  notification: Backend<NotificationServiceClient>;
  billing: Backend<BillingServiceClient>;
  /** Health probes for the health checker, each bounded by `timeoutMs`. */
  probes(timeoutMs: number): Record<BackendName, HealthProbe>;
  /** Closes every channel (shutdown). */
  close(): void;
}

export interface BackendAddresses {
  link: string;
  notification: string;
  billing: string;
}

type ServiceClientConstructor<C extends Client> = GrpcClientConstructor<C> & { serviceName: string };

/**
 * One channel per backend, created once at start and shared by the service client and the
 * health client (grpc-node#2402/#2448: a client or channel per request or per probe leaks).
 * Health checks need no assertion.
 */
function connect<C extends Client>(
  name: BackendName,
  Ctor: ServiceClientConstructor<C>,
  address: string,
  signer: CallerSigner,
): Backend<C> {
  const client = createGrpcClient(Ctor, address, callerAssertionOptions(signer, Ctor.serviceName));
  const health = createGrpcClient(HealthClient, address, { channelOverride: client.getChannel() });
  return { name, address, client, health, serviceName: Ctor.serviceName };
}

/** `signer` signs the gateway's caller assertions (its private key). */
export function createBackends(addresses: BackendAddresses, signer: CallerSigner): Backends {
  const link = connect('link', LinkServiceClient, addresses.link, signer);
  const notification = connect('notification', NotificationServiceClient, addresses.notification, signer);
  const billing = connect('billing', BillingServiceClient, addresses.billing, signer);
  const all = [link, notification, billing] as const;
  const linkPreview = createGrpcClient(LinkPreviewServiceClient, addresses.link, {
    ...callerAssertionOptions(signer, LinkPreviewServiceClient.serviceName),
    channelOverride: link.client.getChannel(),
  });
  return {
    link,
    linkPreview,
    notification,
    billing,
    probes(timeoutMs) {
      // The service's own name, not "": an address pointing at the wrong server reads NOT_SERVING.
      const probe =
        (b: Backend<Client>): HealthProbe =>
        () =>
          checkHealth(b.health, b.serviceName, timeoutMs);
      return { link: probe(link), notification: probe(notification), billing: probe(billing) };
    },
    close() {
      linkPreview.close();
      for (const b of all) b.client.close();
    },
  };
}
