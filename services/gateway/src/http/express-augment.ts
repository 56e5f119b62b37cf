import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** Request id from `x-request-id` or generated; echoed in the response header. */
    id: string;
    /** Logger carrying the request id. */
    log: Logger;
  }
}
