import { Router } from 'express';

/** What the front end needs at run time and may know publicly (no secrets). */
export interface PublicConfig {
  /** Drive API root the browser uploads to: https://www.googleapis.com, or the local stand-in. */
  driveRootUrl: string;
  /** Multi-file sets of this many bytes or more upload as a folder (spec §9: 1 GiB). */
  uploadFolderThresholdBytes: number;
  /** Present when page views are counted (POST /api/event); the tracker names this site. */
  analytics?: { domain: string };
}

/** `GET /api/config`: the public run-time config (cacheable briefly; same for every user). */
export function publicConfigRoutes(config: PublicConfig): Router {
  const router = Router();
  const body = JSON.stringify(config);
  router.get('/config', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.type('application/json').send(body);
  });
  return router;
}
