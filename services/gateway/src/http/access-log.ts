import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { routeOf } from './metrics.js';
import type { Logger } from 'pino';

// Query parameters that may carry credentials are never written to the log.
const SECRET_PARAM = /token|code|secret|password|passwd|key|sig|auth|session|cookie/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

function contentLength(header: number | string | string[] | undefined): number | undefined {
  const n = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(n) ? n : undefined;
}

/** Which requests get a line (LOG_REQUESTS, ACCESS_LOG_SAMPLE). */
export interface AccessLogPolicy {
  /** Request lines on (LOG_REQUESTS=1): a line for every request off the hot path. */
  logRequests: boolean;
  /** With request lines on, the share (0-1) of the hot path's requests (/api/d, /d, /{slug}) that get a line (ACCESS_LOG_SAMPLE). */
  hotPathSample: number;
}

/** Every request gets a line (tests, and LOG_REQUESTS=1 without a sample). */
export const LOG_EVERY_REQUEST: AccessLogPolicy = { logRequests: true, hotPathSample: 1 };

/**
 * The policy the environment asks for. Request lines are off unless LOG_REQUESTS=1, on every path:
 * the default writes no client address for a download, only 5xx answers get a line.
 */
export function accessLogPolicy(env: { LOG_REQUESTS?: '0' | '1'; ACCESS_LOG_SAMPLE?: number }): AccessLogPolicy {
  const logRequests = env.LOG_REQUESTS === '1';
  return { logRequests, hotPathSample: logRequests ? (env.ACCESS_LOG_SAMPLE ?? 1) : 0 };
}

/** The download redirect and the download page: most of the traffic, sampled. */
export function isHotPath(url: string): boolean {
  const route = routeOf(url);
  return route === '/api/d' || route === '/d' || route === '/{slug}';
}

/** Polled by probes, monitors and `npm start`: their 503 says a backend is down, in every answer, not a gateway fault. */
const PROBES = new Set(['/api/health', '/api/livez', '/api/readyz']);

/**
 * The level of a request's line, or undefined for none. A 5xx is always written (a backend timeout
 * is worth a look, though crashes are logged with their stack by the error handler), except a
 * probe's; other answers only as the policy says.
 */
export function accessLogLevel(policy: AccessLogPolicy, url: string, status: number): 'info' | 'warn' | undefined {
  if (status >= 500 && !PROBES.has(url)) return 'warn';
  if (!policy.logRequests) return undefined;
  if (isHotPath(url)) return policy.hotPathSample > 0 && Math.random() < policy.hotPathSample ? 'info' : undefined;
  return 'info';
}

/** The line of one finished (or abandoned) request; no headers but the user agent, credentials in the query redacted. */
export function accessLine(
  req: IncomingMessage & { ip?: string; originalUrl?: string },
  res: ServerResponse,
  ms: number,
) {
  return {
    req: {
      method: req.method,
      url: redactUrl(req.originalUrl ?? req.url ?? ''),
      // The client behind trusted proxies (TRUSTED_PROXIES), the socket peer otherwise.
      remoteAddress: req.ip ?? req.socket.remoteAddress,
      userAgent: req.headers['user-agent'],
    },
    res: { statusCode: res.statusCode, contentLength: contentLength(res.getHeader('content-length')) },
    responseTimeMs: Math.round(ms * 10) / 10,
    aborted: !res.writableFinished,
  };
}

/**
 * One structured line per request as `policy` says, written when the response finishes or the
 * client goes away. Also gives every request a child logger `req.log` carrying its id.
 */
export function accessLog(logger: Logger, policy: AccessLogPolicy = LOG_EVERY_REQUEST): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.log = logger.child({ reqId: req.id });
    let written = false;
    const write = (): void => {
      if (written) return;
      written = true;
      const level = accessLogLevel(policy, req.originalUrl, res.statusCode);
      if (!level) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log[level](accessLine(req, res, ms), 'request completed');
    };
    res.on('finish', write);
    res.on('close', write);
    next();
  };
}
