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

/**
 * One structured line per request, written when the response finishes or the client goes away.
 * Headers are not logged (Authorization, cookies); only the user agent and referer-free basics.
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
          remoteAddress: req.socket.remoteAddress,
          userAgent: req.get('user-agent'),
        },
        res: { statusCode: res.statusCode, contentLength: res.getHeader('content-length') },
        responseTimeMs: Math.round(ms * 10) / 10,
        aborted: !res.writableFinished,
      };
      if (res.statusCode >= 500) req.log.error(line, 'request completed');
      else req.log.info(line, 'request completed');
    };
    res.on('finish', write);
    res.on('close', write);
    next();
  };
}
