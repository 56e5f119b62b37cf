import { Router } from 'express';
import { requireAuth } from './require-auth.js';
import type { TokenVerifier } from './token-verifier.js';

/** `HEAD|GET /api/me`: 200 with the verified identity for a valid bearer token, 401/403 otherwise. */
export function meRoutes(verifier: TokenVerifier): Router {
  const router = Router();
  router.get('/me', requireAuth(verifier), (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { sub, email, name, picture } = req.auth!.identity;
    res.json({ sub, email, ...(name ? { name } : {}), ...(picture ? { picture } : {}) });
  });
  return router;
}
