import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

// Accept an upstream id (load balancer, caller) only if it is short and harmless to log and echo.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuses a safe incoming `x-request-id` or makes one; exposes it as `req.id` and echoes it. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get(REQUEST_ID_HEADER);
  req.id = incoming !== undefined && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.id);
  next();
};
