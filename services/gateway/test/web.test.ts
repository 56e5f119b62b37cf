import http from 'node:http';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createHealthChecker, type HealthProbe } from '../src/grpc/health-checker.js';
import { IMMUTABLE } from '../src/routes/cache-policy.js';
import { close, listen, rawGet, silentLogger, tempTree } from './helpers.js';

const serving: HealthProbe = async () => 'SERVING';
const health = createHealthChecker({ link: serving, notification: serving, billing: serving }, { cacheMs: 0 });

const INDEX = '<!doctype html><html><head><title>Ferry</title></head><body><div id="root"></div></body></html>';

let shell: Awaited<ReturnType<typeof tempTree>>;
let upload1: Awaited<ReturnType<typeof tempTree>>;
let upload2: Awaited<ReturnType<typeof tempTree>>;
let outside: Awaited<ReturnType<typeof tempTree>>;
let manifestFile: string;
let app: ReturnType<typeof createApp>;
let server: http.Server;

beforeAll(async () => {
  shell = await tempTree({
    'index.html': INDEX,
    'static/js/index.0123abcd.js': 'console.log("shell")',
    'static/js/async/42.89abcdef.js': 'console.log("chunk")',
    'static/js/plain.js': 'console.log("unhashed")',
    'favicon.ico': 'ico',
    'locales/en/shell.json': '{"title":"Ferry"}',
    '.env': 'SECRET=1',
  });
  upload1 = await tempTree({
    'remoteEntry.js': 'var upload = 1;',
    'mf-manifest.json': '{"id":"upload","version":"1"}',
    'static/js/upload.deadbeef.js': 'console.log("upload v1")',
  });
  upload2 = await tempTree({ 'remoteEntry.js': 'var upload = 2;', 'mf-manifest.json': '{"version":"2"}' });
  outside = await tempTree({
    'secret.txt': 'top secret',
    'remotes.json': '{"upload":"/remotes/upload/1.0.0/mf-manifest.json"}',
  });
  manifestFile = path.join(outside.dir, 'remotes.json');
  app = createApp({
    logger: silentLogger(),
    health,
    web: {
      shellDir: shell.dir,
      remotes: [
        { name: 'upload', version: '1.0.0', dir: upload1.dir },
        { name: 'upload', version: '2.0.0-rc.1', dir: upload2.dir },
      ],
      remotesManifestFile: manifestFile,
    },
  });
  server = http.createServer(app);
  await listen(server);
});

afterAll(async () => {
  await close(server);
  await Promise.all([shell, upload1, upload2, outside].map((t) => t.cleanup()));
});

describe('shell', () => {
  it('serves the shell page at / with no-cache', async () => {
    const res = await request(app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('<html lang="en" dir="ltr">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers the app routes with the shell page, unknown paths with 404 and /d/ with the API redirect', async () => {
    for (const p of ['/upload', '/r/abcd2345', '/faq?x=1', '/account/']) {
      const res = await request(app).get(p).set('Accept', 'text/html');
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('<div id="root"></div>');
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
    for (const p of ['/abc123', '/no/such/page', '/missing.png']) {
      const res = await request(app).get(p).set('Accept', 'text/html');
      expect(res.status, p).toBe(404);
      expect(res.text, p).toContain('data-screen="not-found"');
    }
    const d = await request(app).get('/d/abc12345').set('Accept', 'text/html');
    expect(d.status).toBe(302);
    expect(d.headers.location).toBe('/api/d/abc12345');
    const head = await request(app).head('/upload');
    expect(head.status).toBe(200);
  });

  it('does not fall back for non-GET, /api, /static or missing assets', async () => {
    expect((await request(app).post('/upload').send({})).status).toBe(404);
    expect((await request(app).get('/api/unknown').set('Accept', 'text/html')).body.code).toBe('not_found');
    const missingChunk = await request(app).get('/static/js/missing.12345678.js');
    expect(missingChunk.status).toBe(404);
    expect(missingChunk.body.code).toBe('not_found');
    const missingLocale = await request(app).get('/locales/xx/shell.json');
    expect(missingLocale.status).toBe(404);
  });

  it('caches hashed static files for a year and everything else with no-cache', async () => {
    const hashed = await request(app).get('/static/js/index.0123abcd.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);
    expect((await request(app).get('/static/js/async/42.89abcdef.js')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await request(app).get('/static/js/plain.js')).headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/favicon.ico')).headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/locales/en/shell.json')).headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('does not serve dotfiles', async () => {
    const res = await request(app).get('/.env');
    expect(res.text).not.toContain('SECRET');
  });
});

describe('remotes', () => {
  it('serves several versions of a remote with CORS and the right caching', async () => {
    const entry = await request(app).get('/remotes/upload/1.0.0/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.text).toBe('var upload = 1;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const manifest = await request(app).get('/remotes/upload/1.0.0/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const chunk = await request(app).get('/remotes/upload/1.0.0/static/js/upload.deadbeef.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');

    const v2 = await request(app).get('/remotes/upload/2.0.0-rc.1/remoteEntry.js');
    expect(v2.text).toBe('var upload = 2;');
  });

  it('answers a missing remote file with a JSON 404, never the SPA page', async () => {
    for (const p of [
      '/remotes/upload/1.0.0/missing.js',
      '/remotes/upload/9.9.9/remoteEntry.js',
      '/remotes/nope/1.0.0/remoteEntry.js',
      '/remotes/upload/1.0.0/static',
      '/remotes',
    ]) {
      const res = await request(app).get(p).set('Accept', 'text/html');
      expect(res.status, p).toBe(404);
      expect(res.body, p).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });
});

describe('remotes manifest', () => {
  it('is re-read on every request and served no-cache', async () => {
    const first = await request(app).get('/remotes.json');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toMatch(/application\/json/);
    expect(first.body).toEqual({ upload: '/remotes/upload/1.0.0/mf-manifest.json' });

    await writeFile(manifestFile, '{"upload":"/remotes/upload/2.0.0-rc.1/mf-manifest.json"}');
    const second = await request(app).get('/remotes.json');
    expect(second.body).toEqual({ upload: '/remotes/upload/2.0.0-rc.1/mf-manifest.json' });
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await request(app).get('/remotes.json');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await request(app).get('/remotes.json').set('If-None-Match', String(etag));
    expect(again.status).toBe(304);
  });

  it('answers 503 JSON when the file is not valid JSON, 404 when it is missing', async () => {
    const broken = await tempTree({ 'remotes.json': '{ nope' });
    const a = createApp({
      logger: silentLogger(),
      health,
      web: { remotesManifestFile: path.join(broken.dir, 'remotes.json') },
    });
    const bad = await request(a).get('/remotes.json');
    expect(bad.status).toBe(503);
    expect(bad.body.code).toBe('manifest_invalid');
    const b = createApp({
      logger: silentLogger(),
      health,
      web: { remotesManifestFile: path.join(broken.dir, 'none.json') },
    });
    const missing = await request(b).get('/remotes.json');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    await broken.cleanup();
  });
});

describe('path traversal', () => {
  const secretRel = () => path.relative(shell.dir, path.join(outside.dir, 'secret.txt')).split(path.sep).join('/');

  it('refuses .. in any spelling', async () => {
    const attempts = [
      `/${secretRel()}`,
      `/static/../${secretRel()}`,
      `/${secretRel().replaceAll('..', '%2e%2e')}`,
      `/${secretRel().replaceAll('/', '%2f')}`,
      `/${secretRel().replaceAll('/', '%5c')}`,
      `/remotes/upload/1.0.0/../../../../../../../etc/passwd`,
      `/remotes/upload/1.0.0/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      '/index.html%00.js',
    ];
    for (const p of attempts) {
      const res = await rawGet(server, p);
      expect(res.status, p).toBe(400);
      expect(res.body, p).not.toContain('top secret');
      expect(res.body, p).not.toContain('root:');
      expect(res.headers['content-type'], p).toMatch(/application\/json/);
    }
  });

  it('answers a malformed percent-encoding with 400 JSON', async () => {
    const res = await rawGet(server, '/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Malformed path', code: 'bad_path' });
  });
});
