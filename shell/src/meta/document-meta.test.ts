import { describe, expect, it } from 'vitest';
import { applyDocumentMeta, canonicalUrl, pageTitle } from './document-meta';

describe('document meta', () => {
  it('builds the title from the product name and the tagline, with the Dutch fallback', () => {
    expect(pageTitle('Simple sharing, smart storage.')).toBe('Ferry — Simple sharing, smart storage.');
    expect(pageTitle(undefined)).toBe('Ferry — Eenvoudig delen, slimme opslag.');
    expect(pageTitle('  ')).toBe('Ferry — Eenvoudig delen, slimme opslag.');
  });

  it('drops query and hash from the canonical URL', () => {
    expect(canonicalUrl('https://ferry.app/faq?lng=nl#top')).toBe('https://ferry.app/faq');
  });

  it('writes description, canonical, social tags and theme colour once each', () => {
    const meta = { title: 'Ferry — x', description: 'desc', canonicalUrl: 'https://ferry.app/' };
    applyDocumentMeta(meta);
    applyDocumentMeta({ ...meta, description: 'new' });
    expect(document.title).toBe('Ferry — x');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('new');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#FFE0E0');
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://ferry.app/');
    expect(document.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://ferry.app/');
  });
});
