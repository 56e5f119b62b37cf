import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';

/** What every handler group may use. */
export interface HandlerDeps {
  prisma: PrismaClient;
  logger: Logger;
  now: () => Date;
}
