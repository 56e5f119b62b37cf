import { describe, expect, it } from 'vitest';
import { navItems } from './nav';

const keys = (items: { labelKey: string }[]) => items.map((item) => item.labelKey);

describe('navItems', () => {
  it('varies the header buttons by route', () => {
    expect(keys(navItems({ kind: 'remote', remote: 'marketing' }, '/', 'https://ferry.app'))).toEqual([
      'nav.goToProduct',
    ]);
    expect(keys(navItems({ kind: 'remote', remote: 'marketing' }, '/faq', 'https://ferry.app'))).toEqual([
      'nav.home',
      'nav.goToProduct',
    ]);
    expect(keys(navItems({ kind: 'remote', remote: 'upload' }, '/upload', 'https://ferry.app'))).toEqual([
      'nav.home',
      'nav.account',
    ]);
    expect(keys(navItems({ kind: 'remote', remote: 'account' }, '/account', 'https://ferry.app'))).toEqual([
      'nav.back',
      'nav.home',
    ]);
    expect(keys(navItems({ kind: 'not-found' }, '/x', 'https://ferry.app'))).toEqual(['nav.home']);
  });

  it('links a download page home to the root host', () => {
    expect(navItems({ kind: 'remote', remote: 'download' }, '/abc', 'https://ferry.app')).toEqual([
      { labelKey: 'nav.home', to: 'https://ferry.app/', external: true },
    ]);
  });
});
