import type { Logger } from 'pino';
import type { VerifiedIdentity } from '../auth/token-cache.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Request id from `x-request-id` or generated; echoed in the response header. */
    id: string;
    /** Logger carrying the request id. */
    log: Logger;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireAuth: the caller's identity as verified with the sign-in provider. */
    auth?: {
      sub: string;
      email: string;
      /** The bearer token itself, for calls made on the user's behalf (e.g. Drive). Never log it. */
      token: string;
      identity: VerifiedIdentity;
    };
  }
}
