import { notImplemented } from '@ferry/service-kit';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import type { HandlerDeps } from './deps.js';

const ISSUE = 'issue 5, short links';

/** Public look-ups of a link: resolve, share info, size. */
export function resolveHandlers(_deps: HandlerDeps): Pick<LinkServiceServer, 'resolveLink' | 'getShareInfo' | 'getSize'> {
  return {
    resolveLink: notImplemented('LinkService.ResolveLink', ISSUE),
    getShareInfo: notImplemented('LinkService.GetShareInfo', ISSUE),
    getSize: notImplemented('LinkService.GetSize', ISSUE),
  };
}
