import type { Logger } from 'pino';
import type { FaultInjector } from '../faults.js';
import type { DriveService } from '../service.js';
import type { UploadSessions } from '../store/sessions.js';
import type { Thumbnails } from '../thumbnails.js';
import type { Views } from '../views.js';

export interface Deps {
  service: DriveService;
  views: Views;
  thumbnails: Thumbnails;
  /** Content bytes served per file id since start (or the last reset), for `/__admin/bytes-served`. */
  bytesServed: Map<string, number>;
  sessions: UploadSessions;
  faults: FaultInjector;
  log: Logger;
  /** Public downloads above this size get the virus-scan interstitial first. */
  scanThresholdBytes: number;
  /** Status for a completed resumable create: Google's docs allow 200 or 201. */
  resumableCreateStatus: 200 | 201;
}
