import { notImplemented } from '@ferry/service-kit';
import type { NotificationServiceServer } from '@ferry/contracts/notification/v1';
import type { HandlerDeps } from './deps.js';

const ISSUE = 'issue 7, mail';

/** Share by e-mail (receiver mail and uploader's copy) and the copy-link log. */
export function shareHandlers(_deps: HandlerDeps): Pick<NotificationServiceServer, 'sendShareEmail' | 'logCopyLink'> {
  return {
    sendShareEmail: notImplemented('NotificationService.SendShareEmail', ISSUE),
    logCopyLink: notImplemented('NotificationService.LogCopyLink', ISSUE),
  };
}
