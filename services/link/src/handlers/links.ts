import { notImplemented } from '@ferry/service-kit';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import type { HandlerDeps } from './deps.js';

const ISSUE = 'issue 5, short links';

/** Creating and managing links on behalf of their owner. */
export function linkManagementHandlers(_deps: HandlerDeps): Pick<
  LinkServiceServer,
  'shorten' | 'createShortlink' | 'updateExpiry' | 'deleteLink' | 'listLinks' | 'invalidateLink' | 'watchInvalidations'
> {
  return {
    shorten: notImplemented('LinkService.Shorten', ISSUE),
    createShortlink: notImplemented('LinkService.CreateShortlink', ISSUE),
    updateExpiry: notImplemented('LinkService.UpdateExpiry', ISSUE),
    deleteLink: notImplemented('LinkService.DeleteLink', ISSUE),
    listLinks: notImplemented('LinkService.ListLinks', ISSUE),
    invalidateLink: notImplemented('LinkService.InvalidateLink', ISSUE),
    watchInvalidations: notImplemented('LinkService.WatchInvalidations', ISSUE),
  };
}
