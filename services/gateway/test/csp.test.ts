import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { HealthChecker } from '../src/grpc/health-checker.js';
import { buildCsp } from '../src/http/csp.js';
import { silentLogger, tempTree } from './helpers.js';

const health = { report: async () => ({ status: 'ok', services: {} }) } as unknown as HealthChecker;
let shell: Awaited<ReturnType<typeof tempTree>>;
let manifestFile: string;
let app: ReturnType<typeof createApp>;

/** The directives of a CSP header as a map. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

beforeAll(async () => {
  shell = await tempTree({
    'index.html':
      '<!doctype html><html><head><script defer src="/static/js/index.0123abcd.js"></script></head><body><div id="root"></div></body></html>',
    'static/js/index.0123abcd.js': 'console.log(1)',
    'remotes.json': JSON.stringify({
      remotes: {
        upload: { entry: '/remotes/upload/1/remoteEntry.js' },
        account: { entry: 'https://cdn.example.com/account/2/remoteEntry.js' },
      },
    }),
  });
  manifestFile = path.join(shell.dir, 'remotes.json');
  app = createApp({
    logger: silentLogger(),
    health,
    web: { shellDir: shell.dir, remotesManifestFile: manifestFile },
    csp: {
      connectOrigins: ['https://www.googleapis.com'],
      imageOrigins: ['https://*.googleusercontent.com'],
      scriptOrigins: ['https://static.example.com'],
    },
  });
});
afterAll(async () => {
  await shell.cleanup();
});

describe('Content-Security-Policy', () => {
  it('every HTML page carries a CSP whose scripts come only from Ferry origins (no inline, no eval)', async () => {
    for (const route of ['/', '/upload?x=1', '/account', '/faq', '/r/abc12345', '/no-such-page', '/auth/callback']) {
      const res = await request(app).get(route).set('accept', 'text/html');
      expect(res.status, route).toBe(route === '/no-such-page' ? 404 : 200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      const scripts = csp.get('script-src')!;
      expect(scripts[0]).toBe("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.every((s) => s === "'self'" || s.startsWith('https://'))).toBe(true);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('allows remote origins from the manifest and from CSP_SCRIPT_ORIGINS, and the Drive API for fetches', async () => {
    const csp = directives((await request(app).get('/')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://static.example.com', 'https://cdn.example.com']);
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://cdn.example.com', 'https://www.googleapis.com']),
    );
    expect(csp.get('img-src')).toContain('https://*.googleusercontent.com');
  });

  it('follows a manifest change without a restart', async () => {
    await writeFile(
      manifestFile,
      JSON.stringify({ remotes: { upload: { entry: 'https://canary.example.net/upload/3/remoteEntry.js' } } }),
    );
    const csp = directives((await request(app).get('/upload')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://static.example.com', 'https://canary.example.net']);
  });

  it('API answers get a deny-all CSP', async () => {
    const res = await request(app).get('/api/nothing');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('pages, their assets and API answers refuse framing (DENY, like frame-ancestors) and switch off unused browser features', async () => {
    for (const path of ['/upload', '/static/js/index.0123abcd.js', '/api/nothing', '/api/health']) {
      const res = await request(app).get(path).set('accept', 'text/html');
      const what = `${path} → ${res.status}`;
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), what).toEqual(["'none'"]);
      const policy = new Map(
        String(res.headers['permissions-policy'])
          .split(',')
          .map((p) => p.trim().split('=') as [string, string]),
      );
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics'])
        expect(policy.get(feature), `${what} ${feature}`).toBe('()');
      // Nothing is granted to another origin; copying a link stays possible on Ferry's own.
      expect(
        [...policy.values()].every((v) => v === '()' || v === '(self)'),
        what,
      ).toBe(true);
      expect(policy.get('clipboard-write'), what).toBe('(self)');
    }
  });

  it('buildCsp lists each origin once', () => {
    const csp = buildCsp({
      scriptOrigins: ['https://a.example', 'https://a.example'],
      connectOrigins: [],
      imageOrigins: [],
    });
    expect(directives(csp).get('script-src')).toEqual(["'self'", 'https://a.example']);
  });
});
