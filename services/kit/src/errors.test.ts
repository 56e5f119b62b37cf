import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { grpcError, isGrpcError } from './errors.js';

describe('grpc errors', () => {
  it('carries code and details', () => {
    const err = grpcError(grpc.status.NOT_FOUND, 'no such link');
    expect(err.code).toBe(grpc.status.NOT_FOUND);
    expect(err.details).toBe('no such link');
    expect(isGrpcError(err)).toBe(true);
    expect(isGrpcError(new Error('plain'))).toBe(false);
  });
});
