import { describe, expect, it } from 'vitest';
import { guardRoute } from './guards';

describe('route rules (spec §2, §6)', () => {
  it('/upload and /account need a session: a visitor goes to / and the target is remembered', () => {
    expect(guardRoute({ pathname: '/upload', search: '?x=1', isAuthenticated: false, authReady: true })).toEqual({
      kind: 'redirect',
      to: '/',
      remember: '/upload?x=1',
    });
    expect(guardRoute({ pathname: '/account/', search: '', isAuthenticated: false, authReady: true })).toEqual({
      kind: 'redirect',
      to: '/',
      remember: '/account',
    });
    expect(guardRoute({ pathname: '/upload', search: '', isAuthenticated: false, authReady: false })).toEqual({
      kind: 'wait',
    });
    expect(guardRoute({ pathname: '/upload', search: '', isAuthenticated: true, authReady: true })).toEqual({
      kind: 'render',
    });
  });
  it('/ redirects a signed-in user to /upload; public pages render for everyone', () => {
    expect(guardRoute({ pathname: '/', search: '', isAuthenticated: true, authReady: true })).toEqual({
      kind: 'redirect',
      to: '/upload',
    });
    expect(guardRoute({ pathname: '/', search: '', isAuthenticated: false, authReady: true })).toEqual({
      kind: 'render',
    });
    expect(guardRoute({ pathname: '/faq', search: '', isAuthenticated: true, authReady: true })).toEqual({
      kind: 'render',
    });
  });
});
