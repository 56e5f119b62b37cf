import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ErrorCode } from '@ferry/http-contract';
import { backendRetryAfter, grpcErrorToHttp, isGrpcCallError } from '../grpc/status-map.js';

export interface ErrorBody {
  error: string;
  code: string;
}

/** An error whose message and code are safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** One of the contract's codes (@ferry/http-contract ERROR_CODES). */
    readonly code: ErrorCode,
    message: string,
    /** With 410 `gone`: why the link is gone, so pages can say what happened. */
    readonly reason?: 'expired' | 'removed' | 'limit' | 'unavailable',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFoundError = (): HttpError => new HttpError(404, 'not_found', 'Not found');

/** Terminal handler: anything nobody answered is a JSON 404. */
export const notFound: RequestHandler = (_req, _res, next) => next(notFoundError());

/** Errors raised by body-parser and serve-static carry `status`, `expose` and sometimes `type`. */
interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
}

const BODY_PARSER_TYPES: Record<string, { status: number; code: string; message: string }> = {
  'entity.parse.failed': { status: 400, code: 'invalid_json', message: 'Malformed JSON body' },
  'entity.too.large': { status: 413, code: 'payload_too_large', message: 'Request body too large' },
  'encoding.unsupported': { status: 415, code: 'unsupported_encoding', message: 'Unsupported content encoding' },
  'charset.unsupported': { status: 415, code: 'unsupported_charset', message: 'Unsupported charset' },
  'request.aborted': { status: 400, code: 'request_aborted', message: 'Request aborted' },
  'request.size.invalid': { status: 400, code: 'bad_request', message: 'Request size did not match Content-Length' },
  'stream.encoding.set': { status: 400, code: 'bad_request', message: 'Bad request' },
  'stream.not.readable': { status: 400, code: 'bad_request', message: 'Bad request' },
  'parameters.too.many': { status: 413, code: 'too_many_parameters', message: 'Too many parameters' },
};

const CLIENT_STATUS_CODES: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Bad request' },
  403: { code: 'forbidden', message: 'Forbidden' },
  404: { code: 'not_found', message: 'Not found' },
  405: { code: 'method_not_allowed', message: 'Method not allowed' },
  406: { code: 'not_acceptable', message: 'Not acceptable' },
  412: { code: 'precondition_failed', message: 'Precondition failed' },
  413: { code: 'payload_too_large', message: 'Request body too large' },
  415: { code: 'unsupported_media_type', message: 'Unsupported media type' },
  416: { code: 'range_not_satisfiable', message: 'Range not satisfiable' },
};

/** Turns any error into `{ error, code }` JSON. Never sends a stack, never HTML. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; serverFault: boolean } {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { error: err.message, code: err.code, ...(err.reason ? { reason: err.reason } : {}) },
      serverFault: err.status >= 500,
    };
  }
  if (isGrpcCallError(err)) {
    const { httpStatus, body } = grpcErrorToHttp(err);
    return { status: httpStatus, body, serverFault: httpStatus >= 500 };
  }
  const e = (typeof err === 'object' && err !== null ? err : {}) as HttpishError;
  const known = e.type !== undefined ? BODY_PARSER_TYPES[e.type] : undefined;
  if (known) return { status: known.status, body: { error: known.message, code: known.code }, serverFault: false };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const c = CLIENT_STATUS_CODES[status] ?? { code: 'bad_request', message: 'Bad request' };
    return { status, body: { error: c.message, code: c.code }, serverFault: false };
  }
  return { status: 500, body: { error: 'Internal error', code: 'internal' }, serverFault: true };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      // Too late for a JSON answer; Express closes the connection.
      next(err);
      return;
    }
    const { status, body, serverFault } = toErrorResponse(err);
    const log = req.log ?? logger;
    if (serverFault) {
      log.error({ err, status, code: body.code }, 'request failed');
    } else if (isGrpcCallError(err)) {
      log.info({ grpcCode: err.code, status, code: body.code }, 'backend refused request');
    }
    const retryAfter = isGrpcCallError(err) ? backendRetryAfter(err) : undefined;
    if (retryAfter !== undefined) res.set('Retry-After', String(retryAfter));
    res.status(status).set('Cache-Control', 'no-store').json(body);
  };
}
