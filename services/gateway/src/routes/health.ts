import { Router } from 'express';
import type { HealthChecker } from '../grpc/health-checker.js';

/**
 * GET /api/health  – readiness of the whole product: the gateway plus every backend's gRPC health.
 *                    200 when all are SERVING, 503 otherwise (also while the gateway drains).
 * GET /api/livez   – the process answers; no backend calls (Kubernetes liveness).
 * GET /api/readyz  – the gateway itself accepts traffic (503 while draining); no backend calls.
 */
export function healthRoutes(health: HealthChecker, isDraining: () => boolean): Router {
  const router = Router();

  router.get('/health', async (_req, res) => {
    const report = await health.report(!isDraining());
    res
      .status(report.status === 'ok' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(report);
  });

  router.get('/livez', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', (_req, res) => {
    const draining = isDraining();
    res
      .status(draining ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({ status: draining ? 'draining' : 'ok' });
  });

  return router;
}
