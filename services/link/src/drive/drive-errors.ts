import * as grpc from '@grpc/grpc-js';
import { grpcError } from '@ferry/service-kit';

/**
 * Google answers rate limits with 429 or with 403 and one of these reasons (Drive "handle errors"
 * guide); such a 403 says nothing about the file, so it must never read as "not found".
 */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'sharingRateLimitExceeded']);

/** A Drive answer that was not 2xx: its status, its first error reason and its Retry-After. */
export interface DriveFailure {
  status: number;
  reason?: string;
  retryAfterMs?: number;
}

/** Reads `{"error":{"errors":[{"reason"}]}}` (or `error.status`) from a failed Drive answer. */
export async function readDriveFailure(res: Response): Promise<DriveFailure> {
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
  let reason: string | undefined;
  try {
    const body = (await res.json()) as { error?: { errors?: Array<{ reason?: unknown }>; status?: unknown } };
    const first = body.error?.errors?.[0]?.reason;
    reason = typeof first === 'string' ? first : typeof body.error?.status === 'string' ? body.error.status : undefined;
  } catch {
    // A body that is not Google's error JSON: the status alone decides.
  }
  return { status: res.status, ...(reason ? { reason } : {}), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
}

export function isRateLimited(f: DriveFailure): boolean {
  return (
    f.status === 429 ||
    (f.status === 403 &&
      f.reason !== undefined &&
      (RATE_LIMIT_REASONS.has(f.reason) || f.reason === 'RESOURCE_EXHAUSTED'))
  );
}

/** Worth asking again shortly: rate limits, server errors and timeouts of the drive. */
export function isTransient(f: DriveFailure): boolean {
  return isRateLimited(f) || f.status >= 500 || f.status === 408;
}

/** The gRPC error for a failed Drive answer about `what` (a transient one never reads as NOT_FOUND). */
export function driveFailureError(f: DriveFailure, what: string): Error {
  if (isRateLimited(f))
    return grpcError(grpc.status.RESOURCE_EXHAUSTED, 'the drive is rate limiting, try again shortly');
  if (isTransient(f)) return grpcError(grpc.status.UNAVAILABLE, `the drive answered ${f.status}, try again shortly`);
  if (f.status === 401) return grpcError(grpc.status.UNAUTHENTICATED, 'the drive refused the access token');
  if (f.status === 403 || f.status === 404) return grpcError(grpc.status.NOT_FOUND, `${what} not found in your drive`);
  return grpcError(grpc.status.UNAVAILABLE, `the drive answered ${f.status}`);
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
