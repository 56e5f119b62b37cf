import * as grpc from '@grpc/grpc-js';
import { grpcError, unary } from '@ferry/service-kit';
import type { NotificationServiceServer } from '@ferry/contracts/notification/v1';
import type { HandlerDeps } from './deps.js';

/** Account notices from the billing service (trial reminders). */
export function accountNoticeHandlers({ logger }: HandlerDeps): Pick<NotificationServiceServer, 'sendAccountNotice'> {
  return {
    sendAccountNotice: unary(logger, async () => {
      throw grpcError(grpc.status.UNIMPLEMENTED, 'account notices are not implemented yet');
    }),
  };
}
