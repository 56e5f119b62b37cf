import type { RequestHandler, Response } from 'express';
import type { AssertedUser } from '@ferry/service-kit';
import type { Admins } from './admins.js';

/**
 * After requireAuth: 403 `not_admin` unless the verified user is an administrator. The user the
 * backend calls then act for is kept on the response (adminOf), marked as an administrator (the
 * `adm` claim of the caller assertion, which GATEWAY_FOR_ADMIN RPCs require).
 */
export function requireAdmin(admins: Admins): RequestHandler {
  return (req, res, next) => {
    const auth = req.auth;
    if (!auth || !admins.isAdmin(auth.identity)) {
      res.set('Cache-Control', 'no-store');
      res.status(403).json({ error: 'Only administrators may do this.', code: 'not_admin' });
      return;
    }
    res.locals.admin = { sub: auth.sub, email: auth.email.toLowerCase(), admin: true } satisfies AssertedUser;
    next();
  };
}

/** The administrator a request passed requireAdmin as. */
export function adminOf(res: Response): AssertedUser {
  const admin = res.locals.admin as AssertedUser | undefined;
  if (!admin?.admin) throw new Error('requireAdmin did not run');
  return admin;
}
