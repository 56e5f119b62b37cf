import { describe, expect, it } from 'vitest';
import type { HostKind } from '@ferry/shell-sdk';
import { resolveRoute, showsFooter } from './resolve-route';

const ROOT: HostKind = { kind: 'root' };
const SENDER: HostKind = { kind: 'sender', subdomain: 'anna' };
const OTHER: HostKind = { kind: 'other' };
const at = (pathname: string, host: HostKind = ROOT, search = '') =>
  resolveRoute({ pathname, search, host, rootOrigin: 'https://ferry.app' });

describe('resolveRoute', () => {
  it('maps the marketing, upload and account pages to their remotes', () => {
    for (const path of ['/', '/faq', '/privacy', '/terms', '/faq/']) {
      expect(at(path)).toEqual({ kind: 'remote', remote: 'marketing' });
    }
    expect(at('/upload')).toEqual({ kind: 'remote', remote: 'upload' });
    expect(at('/account')).toEqual({ kind: 'remote', remote: 'account' });
    expect(at('/admin')).toEqual({ kind: 'remote', remote: 'account' });
  });

  it('sends /upload on any host but the root host to the root host, keeping the query', () => {
    expect(at('/upload', SENDER, '?highlight=drop')).toEqual({
      kind: 'redirect',
      url: 'https://ferry.app/upload?highlight=drop',
    });
    expect(at('/upload', OTHER)).toEqual({ kind: 'redirect', url: 'https://ferry.app/upload' });
  });

  it('redirects anything under /d/ to the API with the query string kept', () => {
    expect(at('/d/abc12345', ROOT, '?x=1')).toEqual({ kind: 'redirect', url: '/api/d/abc12345?x=1' });
    expect(at('/d/abc12345', SENDER)).toEqual({ kind: 'redirect', url: '/api/d/abc12345' });
    expect(at('/d/')).toEqual({ kind: 'not-found' });
  });

  it('redirects slugs longer than 16 characters to the API', () => {
    const token = 'a'.repeat(17);
    expect(at(`/r/${token}`, ROOT, '?lng=nl')).toEqual({ kind: 'redirect', url: `/api/d/${token}?lng=nl` });
    expect(at(`/${token}`, SENDER)).toEqual({ kind: 'redirect', url: `/api/d/${token}` });
    expect(at(`/r/${'a'.repeat(16)}`)).toEqual({ kind: 'remote', remote: 'download' });
  });

  it('shows /{slug} as a download page on a sender subdomain but not on the bare root host', () => {
    expect(at('/abc12345', SENDER)).toEqual({ kind: 'remote', remote: 'download' });
    expect(at('/abc12345', OTHER)).toEqual({ kind: 'remote', remote: 'download' });
    expect(at('/abc12345', ROOT)).toEqual({ kind: 'not-found' });
    expect(at('/r/abc12345', ROOT)).toEqual({ kind: 'remote', remote: 'download' });
  });

  it('applies the shared code rule: no dot first, no "..", nothing under 8 characters', () => {
    expect(at('/.hidden_token_code_x', SENDER)).toEqual({ kind: 'not-found' });
    expect(at('/token..code_longer_than', SENDER)).toEqual({ kind: 'not-found' });
    expect(at('/abc', SENDER)).toEqual({ kind: 'not-found' });
    expect(at('/r/dotted.token~code_x', ROOT)).toEqual({ kind: 'redirect', url: '/api/d/dotted.token~code_x' });
  });

  it('shows not-found for /404, unknown paths, bad slugs and slugs over 63 characters', () => {
    expect(at('/404')).toEqual({ kind: 'not-found' });
    expect(at('/no/such/page')).toEqual({ kind: 'not-found' });
    expect(at('/bad.slug', SENDER)).toEqual({ kind: 'not-found' });
    expect(at(`/${'a'.repeat(64)}`, SENDER)).toEqual({ kind: 'not-found' });
    expect(at('/api', SENDER)).toEqual({ kind: 'not-found' });
  });

  it('hides the footer only on download routes', () => {
    expect(showsFooter(at('/r/abc12345'))).toBe(false);
    expect(showsFooter(at('/faq'))).toBe(true);
    expect(showsFooter(at('/404'))).toBe(true);
  });
});
