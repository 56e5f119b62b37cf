import { LinkServiceService, type LinkServiceServer } from '@ferry/contracts/link/v1';
import { LinkPreviewServiceService } from '@ferry/contracts/link/v1/preview';
import type { NotificationServiceClient } from '@ferry/contracts/notification/v1';
import type { KeyObject } from 'node:crypto';
import { startGrpcServer, type GrpcServiceBinding, type Logger, type RunningGrpcServer } from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import type { FileVerifier, TransferVerifier } from './drive/verify-file.js';
import { offlineGrantHandlers, type OfflineGrantDeps } from './grants/offline-grant-handlers.js';
import { accessHandlers } from './handlers/access.js';
import { accountHandlers } from './account/account-handlers.js';
import { sessionCutoffHandlers } from './account/session-cutoffs.js';
import { startDeletionLoop, type DeletionLoop, type DeletionLoopOptions } from './account/deletion-loop.js';
import { abuseReportHandlers } from './admin/abuse-reports.js';
import { adminHandlers } from './admin/admin-actions.js';
import { downloadHandlers } from './handlers/downloads.js';
import { linkManagementHandlers } from './handlers/links.js';
import { resolveHandlers } from './handlers/resolve.js';
import { statsHandlers } from './stats/link-stats.js';
import type { HandlerDeps } from './handlers/deps.js';
import { localInvalidations, type Invalidations } from './invalidations.js';
import { startOutboxRelay, type OutboxRelay } from './outbox/relay.js';
import { startNoticeRelay } from './sweeper/notice-relay.js';
import { startSweeper, type Sweeper, type SweeperOptions } from './sweeper/sweeper.js';
import { linkPolicies } from './policies.js';
import { previewPolicies } from './preview/policies.js';
import { previewHandlers, type PreviewDeps } from './preview/preview-handlers.js';
import type { LinkClock } from './clock.js';
import { testClockBinding } from './test-clock/test-clock-service.js';

export const LINK_SERVICE_NAME = 'ferry.link.v1.LinkService';
const PREVIEW_SERVICE_NAME = 'ferry.link.v1.LinkPreviewService';

export function linkServiceImplementation(deps: HandlerDeps, offlineGrants?: OfflineGrantDeps): LinkServiceServer {
  return {
    ...linkManagementHandlers(deps),
    ...resolveHandlers(deps),
    ...downloadHandlers(deps),
    ...accessHandlers(deps),
    ...statsHandlers(deps),
    ...accountHandlers(deps),
    ...sessionCutoffHandlers(deps),
    ...abuseReportHandlers(deps),
    ...adminHandlers(deps),
    ...offlineGrantHandlers(deps.logger, offlineGrants),
  };
}

export function linkServiceBinding(deps: HandlerDeps, offlineGrants?: OfflineGrantDeps): GrpcServiceBinding {
  return {
    name: LINK_SERVICE_NAME,
    definition: LinkServiceService,
    implementation: linkServiceImplementation(deps, offlineGrants),
    policies: linkPolicies,
  };
}

function previewBinding(deps: PreviewDeps): GrpcServiceBinding {
  return {
    name: PREVIEW_SERVICE_NAME,
    definition: LinkPreviewServiceService,
    implementation: previewHandlers(deps),
    policies: previewPolicies,
  };
}

export interface StartLinkServerOptions {
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Public key of the gateway's caller assertions, the link service's only caller. */
  gatewayPublicKey: KeyObject;
  prisma: PrismaClient;
  logger: Logger;
  verifyFile: FileVerifier;
  /** A transfer's folder and files on the owner's drive (Shorten with files); absent = transfers are refused. */
  verifyTransfer?: TransferVerifier;
  /**
   * Receives first-download events; absent = events stay in the outbox (tests of other parts). Its
   * calls must carry the link service's own caller assertion (callerAssertionOptions).
   */
  notification?: NotificationServiceClient;
  invalidations?: Invalidations;
  now?: () => Date;
  /** Outbox relay timings (tests shorten them). */
  relay?: { intervalMs?: number; baseBackoffMs?: number; maxBackoffMs?: number };
  /** Stored refresh tokens (StoreOfflineGrant / DeleteOfflineGrant); absent = those RPCs answer FAILED_PRECONDITION. */
  offlineGrants?: OfflineGrantDeps;
  /** The expiry sweeper's Drive access and timings; absent = no sweeper in this process (tests of other parts). */
  sweeper?: Omit<SweeperOptions, 'prisma' | 'logger' | 'now'>;
  /** Account deletions (DeleteMyAccount): the Drive, grant and other services they use; absent = recorded but not run here. */
  accountDeletion?: Omit<DeletionLoopOptions, 'prisma' | 'logger' | 'invalidations' | 'now'>;
  /** LINK_LIFETIME_S: the longest a new link may live, whatever was chosen; absent = the sender's choice or 7 days. */
  linkLifetimeMs?: number;
  /**
   * LINK_TEST_CLOCK=1: the handlers read now from `clock`, and LinkTestClockService is served to the
   * `test` principal whose public key this is. Absent = no test clock (production).
   */
  testClock?: { clock: LinkClock; callerPublicKey: KeyObject };
  /** Thumbnails and zip listings from the owners' drives (LinkPreviewService); absent = not served. */
  preview?: Omit<PreviewDeps, 'prisma' | 'logger' | 'now'>;
}

export interface RunningLinkServer extends RunningGrpcServer {
  deletions?: DeletionLoop;
  relay?: OutboxRelay;
  sweeper?: Sweeper;
  invalidations: Invalidations;
}

/** The link service's gRPC server (link RPCs + health), listening once this resolves. */
export async function startLinkServer(opts: StartLinkServerOptions): Promise<RunningLinkServer> {
  const now = opts.now ?? (() => new Date());
  const invalidations = opts.invalidations ?? localInvalidations();
  const relay = opts.notification
    ? startOutboxRelay({
        prisma: opts.prisma,
        notification: opts.notification,
        logger: opts.logger,
        now,
        ...opts.relay,
      })
    : undefined;
  // Owners whose files wait for a grant are mailed through notification (one mail per episode).
  const notices =
    opts.notification && opts.sweeper
      ? startNoticeRelay({ prisma: opts.prisma, notification: opts.notification, logger: opts.logger, now })
      : undefined;
  const sweeper = opts.sweeper
    ? startSweeper({ prisma: opts.prisma, logger: opts.logger, now, onNotice: () => notices?.poke(), ...opts.sweeper })
    : undefined;
  const deletions = opts.accountDeletion
    ? startDeletionLoop({ prisma: opts.prisma, logger: opts.logger, invalidations, now, ...opts.accountDeletion })
    : undefined;
  const deps: HandlerDeps = {
    prisma: opts.prisma,
    logger: opts.logger,
    now: opts.testClock?.clock.now ?? now,
    verifyFile: opts.verifyFile,
    verifyTransfer: opts.verifyTransfer,
    invalidations,
    onFirstDownload: () => relay?.poke(),
    watchers: new Set(),
    linkLifetimeMs: opts.linkLifetimeMs,
    onLinkDeleted: () => sweeper?.poke(),
    onLinkUsedUp: (delayMs) => sweeper?.pokeIn(delayMs),
    onLinkAccessChanged: () => sweeper?.poke(),
    onDeletionRequested: () => deletions?.poke(),
  };
  const server = await startGrpcServer({
    host: opts.host,
    port: opts.port,
    logger: opts.logger,
    services: [
      linkServiceBinding(
        deps,
        opts.offlineGrants && { ...opts.offlineGrants, onStored: (sub) => void sweeper?.ownerGranted(sub) },
      ),
      ...(opts.testClock ? [testClockBinding(opts.testClock.clock, opts.logger)] : []),
      ...(opts.preview
        ? [previewBinding({ prisma: opts.prisma, logger: opts.logger, now: deps.now, ...opts.preview })]
        : []),
    ],
    callerKeys: {
      gateway: opts.gatewayPublicKey,
      ...(opts.testClock ? { test: opts.testClock.callerPublicKey } : {}),
    },
  });
  // Events written before a crash are relayed after the restart.
  relay?.poke();
  sweeper?.poke();
  deletions?.poke();
  return {
    ...server,
    relay,
    sweeper,
    deletions,
    invalidations,
    shutdown: async (graceMs?: number) => {
      for (const call of deps.watchers) call.end();
      deps.watchers.clear();
      await relay?.stop();
      await sweeper?.stop();
      await deletions?.stop();
      await notices?.stop();
      await server.shutdown(graceMs);
      await invalidations.close();
      await opts.preview?.cache.close();
    },
  };
}
