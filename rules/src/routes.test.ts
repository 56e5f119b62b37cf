import { describe, expect, it } from 'vitest';
import { downloadSlugOf, resolveRoute, type RouteHost } from './routes.js';

const root: RouteHost = { kind: 'root' };
const route = (pathname: string, host: RouteHost = root) =>
  resolveRoute({ pathname, search: '', host, rootOrigin: 'https://ferry.app' });

describe('resolveRoute', () => {
  it('maps the pages to their remotes and everything else on the root host to not-found', () => {
    expect(route('/faq/')).toEqual({ kind: 'remote', remote: 'marketing' });
    expect(route('/r/abcd2345')).toEqual({ kind: 'remote', remote: 'download' });
    expect(route('/abcd2345')).toEqual({ kind: 'not-found' });
    expect(route('/abcd2345', { kind: 'sender', subdomain: 'anna' })).toEqual({ kind: 'remote', remote: 'download' });
    expect(route('/no/such/page')).toEqual({ kind: 'not-found' });
    expect(route('/favicon.ico')).toEqual({ kind: 'not-found' });
  });

  it('never takes a page or folder name for a slug on a sender host', () => {
    const sender: RouteHost = { kind: 'sender', subdomain: 'anna' };
    for (const name of ['api', 'static', 'locales', 'remotes', 'account', 'd', 'r', '404'])
      expect(route(`/${name}`, sender), name).toEqual(
        name === 'account' ? { kind: 'remote', remote: 'account' } : { kind: 'not-found' },
      );
  });
});

describe('downloadSlugOf', () => {
  it('names the slug of /r/<slug> and /<slug> only', () => {
    expect(downloadSlugOf('/r/abcd2345')).toBe('abcd2345');
    expect(downloadSlugOf('/abcd2345')).toBe('abcd2345');
    expect(downloadSlugOf('/faq/x')).toBeUndefined();
  });
});
