import { describe, expect, it, vi } from 'vitest';
import { fetchManifest, parseManifest } from './manifest';

const BASE = 'http://localhost:8080/upload';

describe('parseManifest', () => {
  it('resolves same-origin paths and keeps absolute URLs on other origins', () => {
    const manifest = parseManifest(
      {
        remotes: {
          upload: { entry: '/remotes/upload/0.1.0/remoteEntry.js', version: '0.1.0' },
          marketing: { entry: 'https://cdn.example/marketing/0.2.0/remoteEntry.js', version: '0.2.0' },
        },
      },
      BASE,
    );
    expect(manifest.remotes).toEqual({
      upload: { entry: 'http://localhost:8080/remotes/upload/0.1.0/remoteEntry.js', version: '0.1.0' },
      marketing: { entry: 'https://cdn.example/marketing/0.2.0/remoteEntry.js', version: '0.2.0' },
    });
    expect(manifest.rootDomain).toBeUndefined();
  });

  it('drops unknown names and malformed entries, and reads an optional rootDomain', () => {
    const manifest = parseManifest(
      {
        remotes: { evil: { entry: '/x.js' }, account: { entry: 42 }, download: { entry: '/d.js' } },
        rootDomain: 'ferry.app',
      },
      BASE,
    );
    expect(Object.keys(manifest.remotes)).toEqual(['download']);
    expect(manifest.remotes.download?.version).toBe('unknown');
    expect(manifest.rootDomain).toBe('ferry.app');
  });

  it('returns an empty manifest for anything else', () => {
    expect(parseManifest(null, BASE)).toEqual({ remotes: {} });
    expect(parseManifest({ remotes: [] }, BASE)).toEqual({ remotes: {} });
  });
});

describe('fetchManifest', () => {
  it('asks for /remotes.json without the HTTP cache', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ remotes: { account: { entry: '/a.js', version: '1' } } }));
    const manifest = await fetchManifest(BASE, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith(new URL('http://localhost:8080/remotes.json'), { cache: 'no-cache' });
    expect(manifest.remotes.account?.entry).toBe('http://localhost:8080/a.js');
  });

  it('degrades to an empty manifest when the file is missing or the network fails', async () => {
    expect(
      await fetchManifest(BASE, (async () => new Response('', { status: 404 })) as unknown as typeof fetch),
    ).toEqual({
      remotes: {},
    });
    expect(
      await fetchManifest(BASE, (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    ).toEqual({ remotes: {} });
  });
});
