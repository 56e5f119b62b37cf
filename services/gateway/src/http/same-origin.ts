import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

/**
 * Refuses a state-changing request a browser sent from another site: its `Origin` is not Ferry's
 * public origin, or Fetch Metadata says `cross-site`. Requests without either header (curl, the
 * command-line sender, servers) are let through: the bearer token is the credential, and a page on
 * another origin cannot send one without CORS, which Ferry does not grant. This is the second
 * lock, for the routes where a forged request would do the most harm.
 */
export function sameOrigin(publicOrigin: string): RequestHandler {
  const expected = new URL(publicOrigin).origin;
  return (req, _res, next) => {
    const origin = req.get('origin');
    const site = req.get('sec-fetch-site');
    if ((origin !== undefined && origin !== expected) || site === 'cross-site')
      return next(new HttpError(403, 'forbidden', 'This request must come from Ferry’s own pages'));
    next();
  };
}
