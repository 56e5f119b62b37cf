import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

/**
 * Refuses paths that try to climb out of a served directory (`..`, also percent-encoded or with
 * backslashes) or carry NUL bytes, before any static handler sees them.
 */
export const pathGuard: RequestHandler = (req, _res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    next(new HttpError(400, 'bad_path', 'Malformed path'));
    return;
  }
  if (decoded.includes('\0') || decoded.split(/[/\\]/).some((segment) => segment === '..')) {
    next(new HttpError(400, 'bad_path', 'Path not allowed'));
    return;
  }
  next();
};
