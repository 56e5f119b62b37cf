import type { ActionSigner, Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';

export interface ShareLimits {
  maxRecipients: number;
  senderPerHour: number;
  recipientPerLinkPerDay: number;
}

/** What every handler group may use. */
export interface HandlerDeps {
  prisma: PrismaClient;
  logger: Logger;
  now: () => Date;
  /** Share download URLs must be on this origin; links in notices are built on it. */
  publicOrigin: string;
  limits: ShareLimits;
  /** Tells the relay that new rows are queued. */
  poke: () => void;
  /** Where visitors' feedback is mailed (FEEDBACK_TO); absent = feedback is refused. */
  feedbackTo?: string;
  /** Where visitors' abuse reports are mailed (ABUSE_TO); absent = reports are not mailed (FAILED_PRECONDITION). */
  abuseTo?: string;
  /** Signs the first-download notice's one-click "+1 day"; absent = the notice has none. */
  actions?: ActionSigner;
}
