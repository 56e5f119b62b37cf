import type { RequestHandler } from 'express';

/** Stands in for requireAuth: `Bearer tok-<name>` is the user <name> (`sub-<name>`, `<name>@example.com`). */
export const fakeAuth: RequestHandler = (req, res, next) => {
  const m = /^Bearer tok-([a-z]+)$/.exec(req.headers.authorization ?? '');
  if (!m) {
    res.status(401).json({ error: 'Sign-in required', code: 'unauthenticated' });
    return;
  }
  const email = `${m[1]}@example.com`;
  req.auth = { sub: `sub-${m[1]}`, email, token: `drive-${m[1]}`, identity: { sub: `sub-${m[1]}`, email } as never };
  next();
};
