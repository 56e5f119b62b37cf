import { describe, expect, it } from 'vitest';
import { applyDocumentMeta, canonicalUrl, pageTitle, readServerMeta, serverMetaFor } from './document-meta';

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

describe('the server-written head', () => {
  const serverHead = `<title>FAQ — Ferry</title><meta name="description" content="Questions"><link rel="canonical" href="https://ferry.app/faq?lng=de"><meta property="og:locale" content="de_DE">`;

  it('is kept on the page and language it was written for, and only there', () => {
    const doc = document.implementation.createHTMLDocument('');
    doc.documentElement.lang = 'de';
    doc.head.innerHTML = serverHead;
    const server = readServerMeta('/faq', doc);
    expect(serverMetaFor(server, '/faq', 'de')).toEqual({
      title: 'FAQ — Ferry',
      description: 'Questions',
      canonicalUrl: 'https://ferry.app/faq?lng=de',
    });
    expect(serverMetaFor(server, '/privacy', 'de')).toBeNull();
    expect(serverMetaFor(server, '/faq', 'en')).toBeNull();
  });

  it("is absent from the build's plain index.html (no og:locale)", () => {
    const doc = document.implementation.createHTMLDocument('Ferry — Eenvoudig delen, slimme opslag.');
    expect(readServerMeta('/', doc)).toBeNull();
  });
});
