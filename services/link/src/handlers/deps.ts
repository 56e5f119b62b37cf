import type { ServerWritableStream } from '@grpc/grpc-js';
import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import type { FileVerifier, TransferVerifier } from '../drive/verify-file.js';
import type { Invalidations } from '../invalidations.js';

/** What every handler group may use. */
export interface HandlerDeps {
  prisma: PrismaClient;
  logger: Logger;
  now: () => Date;
  /** Verifies a drive file with the owner's token (Shorten). */
  verifyFile: FileVerifier;
  /** Verifies a transfer's folder and files with the owner's token (Shorten with files); absent = transfers are refused. */
  verifyTransfer?: TransferVerifier;
  invalidations: Invalidations;
  /** Called after a first-download event was written, so the relay sends it at once. */
  onFirstDownload: () => void;
  /** LINK_LIFETIME_S: the longest a new link may live, whatever was chosen; absent = the sender's choice or 7 days. */
  linkLifetimeMs?: number;
  /** Called after a link was deleted, so the sweeper removes its file from the drive at once. */
  onLinkDeleted?: () => void;
  /** Called after a claim used up a link's last download: the sweeper takes its file in `delayMs`. */
  onLinkUsedUp?: (delayMs: number) => void;
  /** Called after an administrator blocked or restored links, so the sweeper brings their files in line at once. */
  onLinkAccessChanged?: () => void;
  /** Called after an account deletion was recorded, so the deletion loop starts on it at once. */
  onDeletionRequested?: () => void;
  /** Open WatchInvalidations streams, ended on shutdown (grpc-js tryShutdown waits for open streams). */
  watchers: Set<ServerWritableStream<unknown, unknown>>;
}
