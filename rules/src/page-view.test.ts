import { describe, expect, it } from 'vitest';
import { pageViewPath, pageViewUrl } from './page-view.js';

describe('pageViewPath', () => {
  it('keeps the product pages', () => {
    for (const p of ['/', '/faq', '/privacy', '/terms', '/upload', '/account']) expect(pageViewPath(p)).toBe(p);
    expect(pageViewPath('/faq/')).toBe('/faq');
  });
  it('counts download pages as a pattern, never the code', () => {
    expect(pageViewPath('/r/Ab3dEf9h')).toBe('/r/:code');
    expect(pageViewPath('/d/Ab3dEf9h')).toBe('/d/:code');
    expect(pageViewPath('/d/some/thing')).toBe('/d/:code');
    expect(pageViewPath('/Ab3dEf9h')).toBe('/:code');
  });
  it('maps a counted path to itself (the browser and the gateway both reduce)', () => {
    for (const p of ['/r/:code', '/d/:code', '/:code', '/404', '/faq']) expect(pageViewPath(pageViewPath(p))).toBe(p);
    expect(pageViewUrl(pageViewUrl('https://ferry.example/r/Ab3dEf9h?lng=ar')!)).toBe(
      'https://ferry.example/r/:code?lng=ar',
    );
  });
  it('counts anything else as /404 (the visitor may have typed anything)', () => {
    expect(pageViewPath('/alice@example.com')).toBe('/404');
    expect(pageViewPath('/a/b/c')).toBe('/404');
    expect(pageViewPath('/auth/callback')).toBe('/404');
  });
});

describe('pageViewUrl', () => {
  it('keeps only a supported lng from the query and drops the fragment', () => {
    expect(pageViewUrl('https://ferry.example/faq?lng=de&email=a%40b.c#q1')).toBe('https://ferry.example/faq?lng=de');
    expect(pageViewUrl('https://ferry.example/?lng=xx&session=expired')).toBe('https://ferry.example/');
  });
  it('drops user info and the code of a download page', () => {
    expect(pageViewUrl('https://user:pw@anna.ferry.example/Ab3dEf9h?x=1')).toBe('https://anna.ferry.example/:code');
  });
  it('refuses what is no http(s) URL', () => {
    expect(pageViewUrl('javascript:alert(1)')).toBeUndefined();
    expect(pageViewUrl('not a url')).toBeUndefined();
  });
});
