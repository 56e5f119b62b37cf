import { Metadata, status } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { grpcErrorToHttp, grpcStatusToHttp, isGrpcCallError, type GrpcCallError } from './status-map.js';

const grpcError = (code: status, details: string): GrpcCallError =>
  Object.assign(new Error(`${code} ${status[code]}: ${details}`), { code, details, metadata: new Metadata() });

describe('grpcStatusToHttp', () => {
  it.each([
    [status.NOT_FOUND, 404, 'not_found'],
    [status.DEADLINE_EXCEEDED, 504, 'deadline_exceeded'],
    [status.UNAVAILABLE, 502, 'upstream_unavailable'],
    [status.INVALID_ARGUMENT, 400, 'invalid_argument'],
    [status.UNAUTHENTICATED, 401, 'unauthenticated'],
    [status.PERMISSION_DENIED, 403, 'permission_denied'],
    [status.ALREADY_EXISTS, 409, 'already_exists'],
    [status.FAILED_PRECONDITION, 409, 'failed_precondition'],
    [status.ABORTED, 409, 'aborted'],
    [status.OUT_OF_RANGE, 400, 'out_of_range'],
    [status.RESOURCE_EXHAUSTED, 429, 'resource_exhausted'],
    [status.UNIMPLEMENTED, 501, 'unimplemented'],
    [status.INTERNAL, 502, 'upstream_error'],
    [status.UNKNOWN, 502, 'upstream_error'],
    [status.DATA_LOSS, 502, 'upstream_error'],
    [status.CANCELLED, 502, 'upstream_cancelled'],
    [status.OK, 502, 'upstream_error'],
  ])('gRPC %s → HTTP %s %s', (code, httpStatus, httpCode) => {
    const m = grpcStatusToHttp(code);
    expect(m.httpStatus).toBe(httpStatus);
    expect(m.code).toBe(httpCode);
  });

  it('never answers 500 for any gRPC status, even an unknown number', () => {
    for (let code = 0; code <= 20; code++) expect(grpcStatusToHttp(code).httpStatus).not.toBe(500);
  });
});

describe('grpcErrorToHttp', () => {
  it('shows the backend message for request errors', () => {
    expect(grpcErrorToHttp(grpcError(status.INVALID_ARGUMENT, 'slug too long'))).toEqual({
      httpStatus: 400,
      body: { error: 'slug too long', code: 'invalid_argument' },
    });
  });

  it('hides the backend message for server-side failures', () => {
    const { body } = grpcErrorToHttp(grpcError(status.INTERNAL, 'TypeError at /srv/link/dist/handlers.js:12'));
    expect(body).toEqual({ error: 'Upstream service failed', code: 'upstream_error' });
  });

  it("keeps the backend's reason code for request errors, never for server-side failures", () => {
    const withCode = (code: status, reason: string) => {
      const err = grpcError(code, 'A link can be extended up to 30 days after the upload');
      err.metadata = new Metadata();
      (err.metadata as Metadata).set('ferry-error-code', reason);
      return err;
    };
    expect(grpcErrorToHttp(withCode(status.FAILED_PRECONDITION, 'extend_limit'))).toEqual({
      httpStatus: 409,
      body: { error: 'A link can be extended up to 30 days after the upload', code: 'extend_limit' },
    });
    expect(grpcErrorToHttp(withCode(status.INTERNAL, 'extend_limit')).body.code).toBe('upstream_error');
    expect(grpcErrorToHttp(withCode(status.FAILED_PRECONDITION, 'Not A Code; <b>')).body.code).toBe(
      'failed_precondition',
    );
  });

  it('uses a generic message when the backend sent none', () => {
    expect(grpcErrorToHttp(grpcError(status.NOT_FOUND, '')).body.error).toBe('Not found');
  });
});

describe('isGrpcCallError', () => {
  it('recognises grpc-js errors and nothing else', () => {
    expect(isGrpcCallError(grpcError(status.NOT_FOUND, 'x'))).toBe(true);
    expect(isGrpcCallError(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(false);
    expect(isGrpcCallError({ code: 5, details: 'x', metadata: {} })).toBe(false);
  });
});
