import type { RequestHandler } from 'express';
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

/**
 * One structured line per request, written when the response finishes or the client goes away.
 * No headers are logged except the user agent (never Authorization or cookies), and query
 * parameters that may carry credentials are redacted.
 * Also gives every request a child logger `req.log` carrying its id.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.log = logger.child({ reqId: req.id });
    let written = false;
    const write = (): void => {
      if (written) return;
      written = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        req: {
          method: req.method,
          url: redactUrl(req.originalUrl),
          // The client behind trusted proxies (TRUSTED_PROXIES), the socket peer otherwise.
          remoteAddress: req.ip ?? req.socket.remoteAddress,
          userAgent: req.get('user-agent'),
        },
        res: { statusCode: res.statusCode, contentLength: contentLength(res.getHeader('content-length')) },
        responseTimeMs: Math.round(ms * 10) / 10,
        aborted: !res.writableFinished,
      };
      // Crashes are logged with their stack by the error handler; a 5xx here (e.g. a degraded
      // /api/health or a backend timeout) is worth a look but is not itself a gateway fault.
      if (res.statusCode >= 500) req.log.warn(line, 'request completed');
      else req.log.info(line, 'request completed');
    };
    res.on('finish', write);
    res.on('close', write);
    next();
  };
}
