import { notImplemented } from '@ferry/service-kit';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import type { HandlerDeps } from './deps.js';

const ISSUE = 'issue 5, short links';

/** Download counting and the download page's telemetry. */
export function downloadHandlers(_deps: HandlerDeps): Pick<LinkServiceServer, 'getDownloadCount' | 'recordDownloads' | 'recordTelemetry'> {
  return {
    getDownloadCount: notImplemented('LinkService.GetDownloadCount', ISSUE),
    recordDownloads: notImplemented('LinkService.RecordDownloads', ISSUE),
    recordTelemetry: notImplemented('LinkService.RecordTelemetry', ISSUE),
  };
}
