import { LinkServiceService, type LinkServiceServer } from '@ferry/contracts/link/v1';
import { startGrpcServer, type GrpcServiceBinding, type Logger, type RunningGrpcServer } from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import { downloadHandlers } from './handlers/downloads.js';
import { linkManagementHandlers } from './handlers/links.js';
import { resolveHandlers } from './handlers/resolve.js';
import type { HandlerDeps } from './handlers/deps.js';

export const LINK_SERVICE_NAME = 'ferry.link.v1.LinkService';

export function linkServiceImplementation(deps: HandlerDeps): LinkServiceServer {
  return { ...linkManagementHandlers(deps), ...resolveHandlers(deps), ...downloadHandlers(deps) };
}

export function linkServiceBinding(deps: HandlerDeps): GrpcServiceBinding {
  return { name: LINK_SERVICE_NAME, definition: LinkServiceService, implementation: linkServiceImplementation(deps) };
}

export interface StartLinkServerOptions {
  port: number;
  host?: string;
  prisma: PrismaClient;
  logger: Logger;
  now?: () => Date;
}

/** The link service's gRPC server (link RPCs + health), listening once this resolves. */
export function startLinkServer(opts: StartLinkServerOptions): Promise<RunningGrpcServer> {
  const deps: HandlerDeps = { prisma: opts.prisma, logger: opts.logger, now: opts.now ?? (() => new Date()) };
  return startGrpcServer({ host: opts.host, port: opts.port, logger: opts.logger, services: [linkServiceBinding(deps)] });
}
