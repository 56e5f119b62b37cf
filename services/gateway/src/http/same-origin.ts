import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

/**
 * Refuses a request a browser sent from another site (403 `cross_origin`): Fetch Metadata first
 * (`Sec-Fetch-Site` other than same-origin; `none` is a typed address, not a page of another site;
 * a sender's subdomain is same-site but not Ferry's pages), else an `Origin` header other than
 * PUBLIC_ORIGIN. Requests without either (curl, the command-line sender, scripts) pass: they carry
 * their own bearer token, which no other site can make a browser send. The gateway sets no session
 * cookie and answers no CORS preflight, so this is the second lock on the routes where a forged
 * request would do the most harm (account deletion, the administrators' routes), not the only one.
 */
export function sameOrigin(publicOrigin: string): RequestHandler {
  const expected = new URL(publicOrigin).origin;
  return (req, _res, next) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    const otherOrigin = origin !== undefined && origin !== expected;
    if (crossSite || otherOrigin) {
      req.log?.warn({ site, origin }, 'refused: sent from another site');
      return next(new HttpError(403, 'cross_origin', 'This request came from another site.'));
    }
    next();
  };
}
