import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { grpcError } from './errors.js';
import { unaryCall, type UnaryInvoke } from './unary-call.js';

describe('unaryCall', () => {
  it('resolves with the answer and passes the deadline and the metadata it was given', async () => {
    const metadata = new grpc.Metadata();
    let seen: { md?: grpc.Metadata; deadline?: grpc.Deadline } = {};
    const invoke: UnaryInvoke<string> = (md, options, cb) => {
      seen = { md, deadline: options.deadline };
      cb(null, 'ok');
    };
    const before = Date.now();
    await expect(unaryCall(invoke, { deadlineMs: 1_500, metadata })).resolves.toBe('ok');
    expect(seen.md).toBe(metadata);
    expect(seen.deadline).toBeGreaterThanOrEqual(before + 1_500);
    expect(seen.deadline).toBeLessThanOrEqual(Date.now() + 1_500);
  });

  it('rejects with the ServiceError, code intact, and sends empty metadata when none was given', async () => {
    let sent: grpc.Metadata | undefined;
    const invoke: UnaryInvoke<string> = (md, _options, cb) => {
      sent = md;
      cb(grpcError(grpc.status.NOT_FOUND, 'no such link'), '');
    };
    await expect(unaryCall(invoke, { deadlineMs: 100 })).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
    expect(sent?.getMap()).toEqual({});
  });
});
