import { notImplemented } from '@ferry/service-kit';
import type { NotificationServiceServer } from '@ferry/contracts/notification/v1';
import type { HandlerDeps } from './deps.js';

/** First-download events relayed by the link service. */
export function firstDownloadHandlers(_deps: HandlerDeps): Pick<NotificationServiceServer, 'recordFirstDownload'> {
  return {
    recordFirstDownload: notImplemented('NotificationService.RecordFirstDownload', 'issue 7, mail'),
  };
}
