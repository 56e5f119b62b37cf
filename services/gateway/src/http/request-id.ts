import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

// Accept an upstream id (load balancer, caller) only if it is short and harmless to log and echo.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The `x-request-id` a load balancer (or caller) sent, if it is safe to use; else undefined. */
export function incomingRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
}

/** Reuses a safe incoming `x-request-id` or makes one; exposes it as `req.id` and echoes it. */
export const requestId: RequestHandler = (req, res, next) => {
  req.id = incomingRequestId(req.get(REQUEST_ID_HEADER)) ?? randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.id);
  next();
};
