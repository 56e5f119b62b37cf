import { validate } from '@readme/openapi-parser';
import { API_ROUTES } from '@ferry/http-contract';
import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp, type AppDeps } from '../src/app.js';
import { createHealthChecker, type HealthProbe } from '../src/grpc/health-checker.js';
import { RAW_REDIRECT_ROUTES } from '../src/links/redirect.js';
import { OidcProvider } from '../src/auth/oidc.js';
import { silentLogger } from './helpers.js';

const serving: HealthProbe = async () => 'SERVING';
const unused = new Proxy({}, { get: () => () => undefined }) as never;

/** The gateway with every feature mounted: only the route table is read, no backend is called. */
function fullApp(): Express {
  const oidc = new OidcProvider({
    provider: 'dev',
    issuer: 'http://127.0.0.1:1',
    clientId: 'ferry-web',
    clientSecret: 'secret',
    publicOrigin: 'http://localhost',
  } as never);
  const deps: AppDeps = {
    logger: silentLogger(),
    health: createHealthChecker({ link: serving, notification: serving, billing: serving }, { cacheMs: 0 }),
    auth: { oidc, verifier: unused },
    publicConfig: { driveRootUrl: 'http://127.0.0.1:1', uploadFolderThresholdBytes: 1 },
    links: {
      link: unused,
      grpcDeadlineMs: 1,
      cache: unused,
      counter: unused,
      limiter: unused,
      clientAddress: () => '',
      drive: unused,
      publicOrigin: 'http://localhost',
    },
    previews: { preview: unused, grpcDeadlineMs: 1, limiter: unused, clientAddress: () => '' },
    shareEmail: { notification: unused, link: unused, grpcDeadlineMs: 1, publicOrigin: 'http://localhost' },
    feedback: { notification: unused, grpcDeadlineMs: 1, limits: unused },
    pageViews: {
      target: { endpoint: 'http://127.0.0.1:1/api/event', domain: 'localhost' },
      forwarder: unused,
      publicOrigin: 'http://localhost',
      budget: unused,
    },
    billing: { billing: unused, grpcDeadlineMs: 1, publicOrigin: 'http://localhost', testClock: true },
    abuse: {
      link: unused,
      notification: unused,
      grpcDeadlineMs: 1,
      publicOrigin: 'http://localhost',
      limits: unused,
      downloadPageUrl: () => '',
      admins: unused,
    },
    myData: {
      link: unused,
      notification: unused,
      billing: unused,
      grpcDeadlineMs: 1,
      authenticateSignedOut: (_req, _res, next) => next(),
      cutoffs: unused,
      verifier: unused,
      publicOrigin: 'http://localhost',
    },
  };
  return createApp(deps);
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  rawPath?: string | string[];
  handle: { stack?: Layer[] };
}

/** Every `METHOD path` Express routes, in OpenAPI form (`:name` → `{name}`), with each router's mount path. */
function mountedRoutes(stack: Layer[], prefix = ''): string[] {
  const found: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = ([] as string[]).concat(layer.route.path);
      for (const method of Object.keys(layer.route.methods)) {
        if (method === '_all') continue;
        for (const p of paths) found.push(`${method.toUpperCase()} ${(prefix + p).replace(/:(\w+)/g, '{$1}')}`);
      }
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      found.push(...mountedRoutes(layer.handle.stack, prefix + mount));
    }
  }
  return found;
}

const documented = new Set(API_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`));

describe('GET /api/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document', async () => {
    const res = await request(fullApp()).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await validate(res.body);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('documents every route the gateway mounts, and the raw redirect', async () => {
    const app = fullApp();
    const mounted = [
      ...mountedRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack),
      ...RAW_REDIRECT_ROUTES.filter((r) => r.method !== 'head').map((r) => `${r.method.toUpperCase()} ${r.path}`),
    ];
    expect(mounted.length).toBeGreaterThan(25);
    expect(mounted.filter((r) => !documented.has(r))).toEqual([]);
    // And nothing documented that the gateway does not serve.
    expect([...documented].filter((r) => !mounted.includes(r))).toEqual([]);
  });
});
