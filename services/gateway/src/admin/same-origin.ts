import type { RequestHandler } from 'express';

/**
 * Refuses a request a browser sent from another site (403 `cross_origin`): Fetch Metadata first
 * (`Sec-Fetch-Site` other than same-origin; `none` is a typed address, not a page of another site),
 * else an `Origin` header other than PUBLIC_ORIGIN. Requests without either (curl, scripts) pass:
 * they carry their own bearer token, which no other site can make a browser send. The gateway sets
 * no session cookie and answers no CORS preflight, so this is the second lock, not the only one.
 */
export function sameOriginOnly(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const crossSite = site !== undefined ? site !== 'same-origin' && site !== 'none' : false;
    const otherOrigin = origin !== undefined && origin !== publicOrigin;
    if (crossSite || otherOrigin) {
      req.log?.warn({ site, origin }, 'administrators’ route refused: another site');
      res.set('Cache-Control', 'no-store');
      res.status(403).json({ error: 'This request came from another site.', code: 'cross_origin' });
      return;
    }
    next();
  };
}
