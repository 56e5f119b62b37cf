import { describe, expect, it } from 'vitest';
import { navItems } from './nav';

const keys = (items: { labelKey: string }[]) => items.map((item) => item.labelKey);
const root = 'https://ferry.app';
const visitor = { isAuthenticated: false };
const user = { isAuthenticated: true };

describe('header nav per route and sign-in state', () => {
  it('a visitor gets Login next to the public navigation', () => {
    expect(keys(navItems({ kind: 'remote', remote: 'marketing' }, '/', root, visitor))).toEqual([
      'nav.goToProduct',
      'nav.login',
    ]);
    expect(keys(navItems({ kind: 'remote', remote: 'marketing' }, '/faq', root, visitor))).toEqual([
      'nav.home',
      'nav.goToProduct',
      'nav.login',
    ]);
    expect(navItems({ kind: 'remote', remote: 'marketing' }, '/', root, visitor).at(-1)).toMatchObject({
      action: 'login',
    });
  });
  it('a signed-in user gets the product, Account, Back and Logout (Home would bounce back to /upload)', () => {
    expect(keys(navItems({ kind: 'remote', remote: 'upload' }, '/upload', root, user))).toEqual([
      'nav.account',
      'nav.logout',
    ]);
    expect(keys(navItems({ kind: 'remote', remote: 'account' }, '/account', root, user))).toEqual([
      'nav.back',
      'nav.logout',
    ]);
    expect(keys(navItems({ kind: 'remote', remote: 'marketing' }, '/faq', root, user))).toEqual([
      'nav.goToProduct',
      'nav.account',
      'nav.logout',
    ]);
    expect(navItems({ kind: 'remote', remote: 'upload' }, '/upload', root, user).at(-1)).toMatchObject({
      action: 'logout',
    });
  });
  it('download pages and the not-found screen only lead home, whatever the state', () => {
    expect(keys(navItems({ kind: 'remote', remote: 'download' }, '/abc', root, user))).toEqual(['nav.home']);
    expect(keys(navItems({ kind: 'not-found' }, '/x', root, visitor))).toEqual(['nav.home']);
  });
});
