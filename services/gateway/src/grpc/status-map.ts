import { status as GrpcStatus, type Metadata } from '@grpc/grpc-js';
import { ERROR_CODE_METADATA, RETRY_AFTER_METADATA } from '@ferry/service-kit';

/** How one gRPC status is answered over HTTP. */
export interface HttpMapping {
  httpStatus: number;
  /** Stable machine-readable code sent as `code` in the JSON error body. */
  code: string;
  /**
   * Whether the backend's message may be shown to the caller. Only for statuses that describe
   * the caller's request; server-side failures get a generic message so internals never leak.
   */
  exposeMessage: boolean;
  /** Message used when the backend's message is not shown (or is empty). */
  fallbackMessage: string;
}

/**
 * The ONE place where gRPC statuses become HTTP statuses.
 *
 * FAILED_PRECONDITION → 409: the request conflicts with the current state of the resource
 * (e.g. a link that already expired, a subscription that is not active). HTTP 412 is reserved
 * for failed conditional headers (If-Match, If-Unmodified-Since), which the gateway does not use.
 *
 * Every server-side failure maps to 502 or 504 (the gateway itself did not fail): the gateway
 * never answers 500 because of a backend.
 */
const MAPPINGS: Record<GrpcStatus, HttpMapping> = {
  [GrpcStatus.OK]: bad('upstream_error', 'Unexpected upstream answer'),
  [GrpcStatus.CANCELLED]: bad('upstream_cancelled', 'Upstream call was cancelled'),
  [GrpcStatus.UNKNOWN]: bad('upstream_error', 'Upstream service failed'),
  [GrpcStatus.INVALID_ARGUMENT]: client(400, 'invalid_argument', 'Invalid request'),
  [GrpcStatus.DEADLINE_EXCEEDED]: {
    httpStatus: 504,
    code: 'deadline_exceeded',
    exposeMessage: false,
    fallbackMessage: 'Upstream service did not answer in time',
  },
  [GrpcStatus.NOT_FOUND]: client(404, 'not_found', 'Not found'),
  [GrpcStatus.ALREADY_EXISTS]: client(409, 'already_exists', 'Already exists'),
  [GrpcStatus.PERMISSION_DENIED]: client(403, 'permission_denied', 'Permission denied'),
  [GrpcStatus.RESOURCE_EXHAUSTED]: client(429, 'resource_exhausted', 'Too many requests'),
  [GrpcStatus.FAILED_PRECONDITION]: client(409, 'failed_precondition', 'Request conflicts with the current state'),
  [GrpcStatus.ABORTED]: client(409, 'aborted', 'Request conflicted with a concurrent change, try again'),
  [GrpcStatus.OUT_OF_RANGE]: client(400, 'out_of_range', 'Value out of range'),
  [GrpcStatus.UNIMPLEMENTED]: {
    httpStatus: 501,
    code: 'unimplemented',
    exposeMessage: false,
    fallbackMessage: 'Not implemented',
  },
  [GrpcStatus.INTERNAL]: bad('upstream_error', 'Upstream service failed'),
  [GrpcStatus.UNAVAILABLE]: bad('upstream_unavailable', 'Upstream service unavailable'),
  [GrpcStatus.DATA_LOSS]: bad('upstream_error', 'Upstream service failed'),
  [GrpcStatus.UNAUTHENTICATED]: client(401, 'unauthenticated', 'Authentication required'),
};

function client(httpStatus: number, code: string, fallbackMessage: string): HttpMapping {
  return { httpStatus, code, exposeMessage: true, fallbackMessage };
}

function bad(code: string, fallbackMessage: string): HttpMapping {
  return { httpStatus: 502, code, exposeMessage: false, fallbackMessage };
}

const UNMAPPED: HttpMapping = bad('upstream_error', 'Upstream service failed');

export function grpcStatusToHttp(code: number): HttpMapping {
  return MAPPINGS[code as GrpcStatus] ?? UNMAPPED;
}

/** The shape of errors grpc-js hands to unary callbacks. */
export interface GrpcCallError extends Error {
  code: number;
  details: string;
  metadata: unknown;
}

export function isGrpcCallError(err: unknown): err is GrpcCallError {
  if (!(err instanceof Error)) return false;
  const e = err as Partial<GrpcCallError>;
  return typeof e.code === 'number' && typeof e.details === 'string' && e.metadata !== undefined;
}

function trailer(err: GrpcCallError, key: string): string | undefined {
  const metadata = err.metadata as Partial<Metadata> | null;
  const value = typeof metadata?.get === 'function' ? metadata.get(key)[0] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The backend's own reason code (service-kit's ERROR_CODE_METADATA trailer), when it sent a well-formed one. */
export function backendErrorCode(err: GrpcCallError): string | undefined {
  const value = trailer(err, ERROR_CODE_METADATA);
  return value !== undefined && /^[a-z][a-z0-9_]{0,39}$/.test(value) ? value : undefined;
}

/** Seconds until a backend's limit frees (RETRY_AFTER_METADATA), for the Retry-After header of its 429. */
export function backendRetryAfter(err: GrpcCallError): number | undefined {
  const value = trailer(err, RETRY_AFTER_METADATA);
  return value !== undefined && /^[1-9]\d{0,6}$/.test(value) ? Number(value) : undefined;
}

/**
 * The JSON body and HTTP status for a failed gRPC call. A request error keeps the backend's reason
 * code (e.g. 409 `extend_limit` rather than `failed_precondition`); server-side failures never do.
 */
export function grpcErrorToHttp(err: GrpcCallError): { httpStatus: number; body: { error: string; code: string } } {
  const m = grpcStatusToHttp(err.code);
  const message = m.exposeMessage && err.details.trim() !== '' ? err.details : m.fallbackMessage;
  const code = (m.exposeMessage ? backendErrorCode(err) : undefined) ?? m.code;
  return { httpStatus: m.httpStatus, body: { error: message, code } };
}

/**
 * The answer while a backend is down or unreachable rather than refusing what was asked (for the
 * link service: links/link-service-failure.ts): 503 and when to try again, never a 502 that reads
 * as a broken link.
 */
export const OUTAGE_ANSWER = {
  httpStatus: 503,
  retryAfterS: 5,
  body: { error: 'Upstream service unavailable', code: 'upstream_unavailable' },
} as const;
