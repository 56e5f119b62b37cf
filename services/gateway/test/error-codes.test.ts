import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '@ferry/http-contract';
import { describe, expect, it } from 'vitest';
import { grpcStatusToHttp } from '../src/grpc/status-map.js';
import { toErrorResponse } from '../src/http/errors.js';

const known = new Set<string>(ERROR_CODES);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/**
 * Every `code` the gateway can send is one of the contract's. HttpError's code is typed by the
 * contract; these are the answers written without it.
 */
describe('error codes of the gateway', () => {
  it('every gRPC status maps to a contract code', () => {
    for (let status = 0; status <= 16; status++)
      expect(known, `gRPC ${status}`).toContain(grpcStatusToHttp(status).code);
  });

  it('body-parser and static-file failures answer with contract codes', () => {
    const types = [
      'entity.parse.failed',
      'entity.too.large',
      'encoding.unsupported',
      'charset.unsupported',
      'request.aborted',
      'request.size.invalid',
      'stream.encoding.set',
      'stream.not.readable',
      'parameters.too.many',
    ];
    for (const type of types) expect(known, type).toContain(toErrorResponse({ type }).body.code);
    for (let status = 400; status < 500; status++)
      expect(known, `HTTP ${status}`).toContain(toErrorResponse({ status }).body.code);
    expect(known).toContain(toErrorResponse(new Error('boom')).body.code);
  });

  it('every code written by hand in the sources is a contract code', () => {
    const written = new Set<string>();
    for (const file of sources(join(import.meta.dirname, '../src'))) {
      const text = readFileSync(file, 'utf8');
      // Answers built by hand: res.json({ error, code }) and the redirect's json(res, status, code, …).
      for (const m of text.matchAll(/\.json\([^;]*?\bcode: '([a-z_]+)'/g)) written.add(m[1]!);
      for (const m of text.matchAll(/\bjson\(res, \d{3}, '([a-z_]+)'/g)) written.add(m[1]!);
    }
    expect(written.size).toBeGreaterThan(5);
    expect([...written].filter((c) => !known.has(c))).toEqual([]);
  });
});
