import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { grpcError, isGrpcError, unimplemented } from './errors.js';

describe('grpc errors', () => {
  it('carries code and details', () => {
    const err = grpcError(grpc.status.NOT_FOUND, 'no such link');
    expect(err.code).toBe(grpc.status.NOT_FOUND);
    expect(err.details).toBe('no such link');
    expect(isGrpcError(err)).toBe(true);
    expect(isGrpcError(new Error('plain'))).toBe(false);
  });

  it('says which issue brings an unimplemented RPC', () => {
    const err = unimplemented('LinkService.Shorten', 'issue 5');
    expect(err.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(err.details).toBe('LinkService.Shorten is not implemented yet (arrives with issue 5)');
  });
});
