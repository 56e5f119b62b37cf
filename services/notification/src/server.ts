import { NotificationServiceService, type NotificationServiceServer } from '@ferry/contracts/notification/v1';
import { startGrpcServer, type GrpcServiceBinding, type Logger, type RunningGrpcServer } from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import type { HandlerDeps } from './handlers/deps.js';
import { firstDownloadHandlers } from './handlers/first-download.js';
import { shareHandlers } from './handlers/share.js';

export const NOTIFICATION_SERVICE_NAME = 'ferry.notification.v1.NotificationService';

export function notificationServiceImplementation(deps: HandlerDeps): NotificationServiceServer {
  return { ...shareHandlers(deps), ...firstDownloadHandlers(deps) };
}

export function notificationServiceBinding(deps: HandlerDeps): GrpcServiceBinding {
  return { name: NOTIFICATION_SERVICE_NAME, definition: NotificationServiceService, implementation: notificationServiceImplementation(deps) };
}

export interface StartNotificationServerOptions {
  port: number;
  host?: string;
  prisma: PrismaClient;
  logger: Logger;
  now?: () => Date;
}

/** The notification service's gRPC server (notification RPCs + health), listening once this resolves. */
export function startNotificationServer(opts: StartNotificationServerOptions): Promise<RunningGrpcServer> {
  const deps: HandlerDeps = { prisma: opts.prisma, logger: opts.logger, now: opts.now ?? (() => new Date()) };
  return startGrpcServer({ host: opts.host, port: opts.port, logger: opts.logger, services: [notificationServiceBinding(deps)] });
}
