import { describe, expect, it } from 'vitest';
import { responseIssues } from './check.js';
import { findRoute } from './routes.js';

const shorten = findRoute('POST', '/api/shorten')!;
const good = {
  shortId: 'Abcdefgh12',
  slug: 'Abcdefgh12',
  shortUrl: 'https://ferry.example.com/r/Abcdefgh12',
  downloadUrl: 'https://ferry.example.com/api/d/Abcdefgh12',
  ownerSubdomain: 'ann',
  owner_subdomain: 'ann',
  owner: 'ann',
  fileName: 'report.pdf',
  size: 1024,
  expiresAt: '2026-12-02T10:00:00.000Z',
};

describe('responseIssues: an answer against its route’s contract', () => {
  it('accepts an answer that matches', () => {
    expect(responseIssues(shorten, 201, good)).toEqual([]);
  });

  it('fails an answer with a missing field', () => {
    const { shortUrl: _gone, ...drifted } = good;
    expect(responseIssues(shorten, 201, drifted)).toEqual([expect.stringContaining('POST /api/shorten 201: shortUrl')]);
  });

  it('fails an answer with a field of another type, or one the contract does not know', () => {
    expect(responseIssues(shorten, 201, { ...good, size: '1024' })).toEqual([expect.stringContaining('size')]);
    expect(responseIssues(shorten, 201, { ...good, secret: 'x' })).toEqual([expect.stringContaining('secret')]);
  });

  it('fails a status the route does not list, and an error whose code is not in the contract', () => {
    expect(responseIssues(shorten, 200, good)).toEqual(['POST /api/shorten 200: status not in the contract']);
    expect(responseIssues(shorten, 400, { error: 'fileId must be a drive file id', code: 'invalid_argument' })).toEqual(
      [],
    );
    expect(responseIssues(shorten, 400, { error: 'nope', code: 'made_up' })).toEqual([expect.stringContaining('code')]);
  });

  it('fails a body on a route that answers without one', () => {
    const del = findRoute('DELETE', '/api/shorten')!;
    expect(responseIssues(del, 204, undefined)).toEqual([]);
    expect(responseIssues(del, 204, { ok: true })).toEqual([
      'DELETE /api/shorten 204: a body where the contract has none',
    ]);
  });
});
