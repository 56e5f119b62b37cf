import { pino, type DestinationStream, type Logger } from 'pino';
import { activeTracing } from './active-tracing.js';

export type { Logger } from 'pino';

const levels = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * Structured JSON logger. The level comes from `level`, else LOG_LEVEL, else info.
 * Authorization headers and token fields are redacted wherever they appear in a log object.
 * With tracing on, a line written inside a span carries its `trace_id` and `span_id`.
 */
export function createLogger(
  service: string,
  level: string | undefined = process.env.LOG_LEVEL,
  destination?: DestinationStream,
): Logger {
  const chosen = level && levels.has(level) ? level : 'info';
  const tracing = activeTracing();
  const options = {
    ...(tracing ? { mixin: tracing.logFields } : {}),
    level: chosen,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'headers.authorization',
        '*.headers.authorization',
        'token',
        '*.token',
        'accessToken',
        '*.accessToken',
        'driveAccessToken',
        '*.driveAccessToken',
        'refreshToken',
        '*.refreshToken',
        'refresh_token',
        '*.refresh_token',
        'access_token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
