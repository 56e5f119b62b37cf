import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cacheKey, requestSubdomain, visibleOn } from './host-scope.js';
import type { CachedLink } from './link-cache.js';

const req = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } }) as IncomingMessage;
const link = (ownerSubdomain: string): CachedLink => ({
  found: true,
  slug: 'AbCdEfGh123',
  driveFileId: 'x',
  sizeBytes: 1,
  expiresAtMs: 1,
  deleted: false,
  ownerSubdomain,
});

describe('host scope', () => {
  it("reads the sender's label under the root host only", () => {
    expect(requestSubdomain(req('alice.ferry.test'), 'ferry.test')).toBe('alice');
    expect(requestSubdomain(req('Alice.localhost:8080'), 'localhost:8080')).toBe('alice');
    for (const host of ['ferry.test', 'www.ferry.test', 'a.b.ferry.test', 'alice.evil.test', undefined])
      expect(requestSubdomain(req(host), 'ferry.test')).toBe('');
  });

  it('keys token codes by sender on a sender host, slugs globally', () => {
    expect(cacheKey('AbCdEfGh123', 'alice')).toBe('AbCdEfGh123');
    expect(cacheKey('alice-invoice-00042', 'alice')).toBe('alice/alice-invoice-00042');
    expect(cacheKey('alice-invoice-00042', '')).toBe('alice-invoice-00042');
  });

  it("hides another sender's link on a sender host; the root sees every link", () => {
    expect(visibleOn(link('bob'), 'alice')).toEqual({ found: false });
    expect(visibleOn(link('alice'), 'alice')).toEqual(link('alice'));
    expect(visibleOn(link('bob'), '')).toEqual(link('bob'));
    expect(visibleOn(undefined, 'alice')).toBeUndefined();
  });
});
