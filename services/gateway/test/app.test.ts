import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createHealthChecker, type HealthProbe } from '../src/grpc/health-checker.js';
import { clientAddress } from '../src/http/client-address.js';
import { capturingLogger, silentLogger } from './helpers.js';

const serving: HealthProbe = async () => 'SERVING';
const allServing = createHealthChecker({ link: serving, notification: serving, billing: serving }, { cacheMs: 0 });

describe('API basics', () => {
  const app = createApp({ logger: silentLogger(), health: allServing });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api', '/api/shorten', '/api/d/abc']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
    }
    const post = await request(app).post('/api/nope').send({ a: 1 });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('not_found');
  });

  it('answers a malformed JSON body with 400 JSON, no stack', async () => {
    const res = await request(app).post('/api/anything').set('Content-Type', 'application/json').send('{"a": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body', code: 'invalid_json' });
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it('answers a too large body with 413 JSON', async () => {
    const small = createApp({ logger: silentLogger(), health: allServing, jsonLimit: '10b' });
    const res = await request(small).post('/api/x').set('Content-Type', 'application/json').send('{"a":"0123456789"}');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('answers non-/api paths with JSON 404 when no web is configured', async () => {
    const res = await request(app).get('/upload');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('serves liveness and readiness without backend calls', async () => {
    const failing: HealthProbe = () => Promise.reject(new Error('must not be called'));
    let draining = false;
    const a = createApp({
      logger: silentLogger(),
      health: createHealthChecker({ link: failing, notification: failing, billing: failing }, { cacheMs: 0 }),
      isDraining: () => draining,
    });
    expect((await request(a).get('/api/livez')).body).toEqual({ status: 'ok' });
    expect((await request(a).get('/api/readyz')).status).toBe(200);
    draining = true;
    expect((await request(a).get('/api/readyz')).status).toBe(503);
    expect((await request(a).get('/api/livez')).status).toBe(200);
  });
});

describe('request id and access log', () => {
  it('echoes a safe incoming x-request-id and generates one otherwise', async () => {
    const app = createApp({ logger: silentLogger(), health: allServing });
    const given = await request(app).get('/api/livez').set('x-request-id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await request(app).get('/api/livez');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await request(app).get('/api/livez').set('x-request-id', 'a b\tc');
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one line per request with the id, and no credentials', async () => {
    const { logger, lines } = capturingLogger();
    const app = createApp({ logger, health: allServing });
    await request(app)
      .get('/api/livez?token=s3cret&slug=abc')
      .set('Authorization', 'Bearer very-secret-token')
      .set('Cookie', 'sid=cookie-secret')
      .set('x-request-id', 'req-1');
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    const line = access[0] as { reqId: string; req: { url: string; method: string }; res: { statusCode: number } };
    expect(line.reqId).toBe('req-1');
    expect(line.req.method).toBe('GET');
    expect(line.res.statusCode).toBe(200);
    expect(line.req.url).toContain('slug=abc');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('cookie-secret');
  });

  it('logs the client behind a trusted proxy, not the proxy', async () => {
    const { logger, lines } = capturingLogger();
    const app = createApp({ logger, health: allServing, trustProxy: clientAddress(['127.0.0.1/8', '::1/128']).trust });
    await request(app).get('/api/livez').set('X-Forwarded-For', '198.51.100.9, 203.0.113.7');
    const line = lines.find((l) => l.msg === 'request completed') as { req: { remoteAddress: string } };
    expect(line.req.remoteAddress).toBe('203.0.113.7');
  });
});
